import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0,))
def train_step(model, params, batch, lr):
    def loss_fn(p):
        rgb = model.apply(p, batch["rays"])[..., :3]
        return jnp.mean((rgb - batch["rgb"]) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss
