"""`while not converged:` with `converged = jnp.allclose(...)` in a jitted fixed-point solver.

Source: https://github.com/jax-ml/jax/issues/1007
Data-dependent loops under `jit` must use `lax.while_loop`; a Python `while` on a traced
convergence flag converts it to a Python bool.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def fixed_point(x0):
    x = x0
    converged = False
    while not converged:  # expect: JAX201
        x_new = jnp.cos(x)
        converged = jnp.allclose(x_new, x, atol=1e-5)
        x = x_new
    return x


def run():
    return fixed_point(jnp.float32(1.0))
