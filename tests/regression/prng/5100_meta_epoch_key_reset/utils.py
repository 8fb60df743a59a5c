import jax
import jax.numpy as jnp


def generate_gaussian(key, shape, scale=0.1):
    assert type(shape) is tuple, "shape passed must be a tuple"
    return scale * jax.random.normal(key, shape)


def update_weights(weights, x, A):
    y = jnp.dot(weights, x)
    dw = A[0] * jnp.outer(y, x) + A[1] * (y ** 2)[:, None] * weights
    return weights + dw
