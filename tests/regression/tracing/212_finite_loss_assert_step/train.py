import jax
import jax.numpy as jnp

from model import loss_fn

LR = 0.1


@jax.jit
def train_step(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    assert jnp.isfinite(loss), "non-finite loss"  # expect: JAX201
    params = jax.tree_util.tree_map(lambda p, g: p - LR * g, params, grads)
    return params, loss
