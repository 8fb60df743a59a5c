"""A constant built inside the jitted function, no outside state touched.

Source: https://github.com/jax-ml/jax/issues/5232
What happened: the user wanted `y = jnp.ones((1,))` inside a jitted function
cached; the maintainers explain it is simply part of the jitted computation
(use np.ones to make it a trace-time constant). No side effect is involved.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np

SCALE = np.ones((1,), dtype=np.float32)


@jax.jit
def scaled(inp):
    y = jnp.ones((1,))
    return y * inp * SCALE


def run():
    return scaled(jnp.float32(2.0))
