import functools

import jax
import jax.numpy as jnp


def mse(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@functools.partial(jax.jit, donate_argnums=(0,))
def train_step(params, x, y, lr):
    # banner used to spot recompilations in the logs
    print(f"[trainer] step: loss on batch of {x.shape[0]}")  # expect: JAX101
    loss, grads = jax.value_and_grad(mse)(params, x, y)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss
