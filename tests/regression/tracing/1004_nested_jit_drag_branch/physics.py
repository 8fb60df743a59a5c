import jax
import jax.numpy as jnp

LAMINAR_LIMIT = 1.0


@jax.jit
def drag_force(speed, coeff):
    if speed > LAMINAR_LIMIT:  # expect: JAX201
        return coeff * speed ** 2
    return coeff * speed
