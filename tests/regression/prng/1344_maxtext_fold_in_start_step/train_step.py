"""MaxText-style train step: the step rng drives dropout inside the model."""
import jax
import jax.numpy as jnp


def loss_fn(params, batch, dropout_rng):
    keep = jax.random.bernoulli(dropout_rng, 0.9, batch.shape)
    h = jnp.where(keep, batch / 0.9, 0.0) @ params["w"]
    return jnp.mean(h ** 2), keep


@jax.jit
def train_step(state, batch, rng):
    (loss, keep), grads = jax.value_and_grad(loss_fn, has_aux=True)(state["params"], batch, rng)
    params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, state["params"], grads)
    return {"params": params, "step": state["step"] + 1}, {"loss": loss, "keep": keep}
