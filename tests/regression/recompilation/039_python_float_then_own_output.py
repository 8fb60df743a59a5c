"""A jitted function called on a Python float, then on its own float32 output.

Source: https://github.com/jax-ml/jax/issues/4274
Asked how to find the reason for recompilations, a maintainer explains weak types:
`f = jax.jit(lambda x: x + np.float32(0.)); y = f(0.); z = f(y)` compiles `f` twice.

Observed on jax 0.10.x: <lambda> compiled 2 times
"""

import jax
import numpy as np

f = jax.jit(lambda x: x + np.float32(0.0))


def main():
    x = 0.0
    y = f(x)
    z = f(y)  # expect: JAX406
    return z


def run():
    main()
