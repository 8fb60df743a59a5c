"""`np.isscalar` guarding host-only work in a traced function.

Source: https://numpy.org/doc/stable/reference/generated/numpy.isscalar.html
`np.isscalar` is False for a tracer (even a 0-d one), so `int(t)` below never sees a traced
value. (`jnp.isscalar` differs: it is True for a 0-d tracer.)

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def shift(x, t):
    if np.isscalar(t):
        t = int(t)
    return x + t


def run():
    shift(jnp.ones(3), 2)
