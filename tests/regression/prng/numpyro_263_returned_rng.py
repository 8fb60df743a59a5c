"""Rebuilt from https://github.com/pyro-ppl/numpyro/pull/263: `update_fn` seeded the model with
`rng` and returned the same `rng`, which the training loop passed to the next step."""
import jax


def _seed(model, guide, rng):
    rng_model, rng_guide = jax.random.split(rng)
    return model(rng_model), guide(rng_guide)


def update_fn(i, rng, opt_state, model, guide):
    model_init, guide_init = _seed(model, guide, rng)
    loss_val = model_init - guide_init
    return loss_val, opt_state, rng  # expect: JAX505


def svi(rng, opt_state, model, guide, num_steps):
    for i in range(num_steps):
        loss, opt_state, rng = update_fn(i, rng, opt_state, model, guide)
    return opt_state
