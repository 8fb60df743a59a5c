"""A Python `while` loop on a traced convergence criterion inside `jit`.

Source: https://github.com/jax-ml/jax/issues/1007
Questions on dynamic loops and slices under `jit` are answered the same way: Python loops whose
condition depends on traced values cannot be traced; use `lax.while_loop`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def gradient_descent(x, tol=1e-3):
    grad = jax.grad(lambda v: jnp.sum(v ** 2))
    g = grad(x)
    while jnp.linalg.norm(g) > tol:  # expect: JAX201
        x = x - 0.1 * g
        g = grad(x)
    return x


def run():
    return gradient_descent(jnp.ones(3))
