import jax
import jax.numpy as jnp


def update(params, batch, num_particles=1, scale="auto"):
    loss = jnp.mean((batch - params) ** 2) * num_particles
    if scale == "auto":
        loss = loss / batch.shape[0]
    grads = jax.grad(lambda p: jnp.mean((batch - p) ** 2))(params)
    return params - 0.1 * grads, loss
