"""A `global` variable assigned the argument inside a jitted function.

Source: https://github.com/jax-ml/jax/issues/3086
The leak-checker example: `global x; x = y` inside `@jax.jit`; the global ends up holding a
tracer, and touching it after the call raises UnexpectedTracerError.

Observed on jax 0.10.x: raises UnexpectedTracerError
"""

import jax

x = None


@jax.jit
def f(y):
    global x
    x = y  # expect: JAX103
    return y + 2


def run():
    f(7)
    return x + 1
