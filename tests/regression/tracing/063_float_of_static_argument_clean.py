"""`float(scale)` and `int(n)` on static arguments inside a jitted function.

Source: https://github.com/QuantEcon/lecture-jax/issues/95
The lecture keeps `static_argnums` precisely so the integer arguments are Python values during
tracing; converting them with `int()`/`float()` is then ordinary Python.

Observed on jax 0.10.x: runs
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))
def power_iteration(A, num_iterations, scale):
    b = jnp.ones(A.shape[1]) * float(scale)
    for _ in range(int(num_iterations)):
        b = A @ b
        b = b / jnp.linalg.norm(b)
    return b


def run():
    power_iteration(jnp.eye(3), 5, 2)
