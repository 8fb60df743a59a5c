"""JAX201, fixed: select with `jnp.where`; tests on shapes and `None` stay Python `if`s."""

import jax
import jax.numpy as jnp


@jax.jit
def relu(x, mask=None):
    if mask is None:  # a Python value, known at trace time
        mask = jnp.ones_like(x)
    if x.ndim == 0:  # shapes are static
        x = x[None]
    return jnp.where(x > 0, x, 0.0) * mask


def run():
    return relu(jnp.float32(2.0))


if __name__ == "__main__":
    print(run())
