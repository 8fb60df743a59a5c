"""Clean look-alike from https://github.com/pyro-ppl/numpyro/pull/263 (the fix): `update_fn`
splits `rng`, seeds with one half and returns the other."""
import jax


def _seed(model, guide, rng):
    rng_model, rng_guide = jax.random.split(rng)
    return model(rng_model), guide(rng_guide)


def update_fn(i, rng, opt_state, model, guide):
    rng, rng_seed = jax.random.split(rng)
    model_init, guide_init = _seed(model, guide, rng_seed)
    return model_init - guide_init, opt_state, rng


def svi(rng, opt_state, model, guide, num_steps):
    for i in range(num_steps):
        loss, opt_state, rng = update_fn(i, rng, opt_state, model, guide)
    return opt_state
