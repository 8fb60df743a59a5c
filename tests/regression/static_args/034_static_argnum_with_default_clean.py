"""`static_argnums=1` on a parameter with a default, called without it.

Source: https://github.com/jax-ml/jax/issues/5351
This once raised a confusing IndexError; jax now binds defaults, so calling `f(5)` with the
static parameter left to its default works and compiles once.

Observed on jax 0.10.x: f compiled 1 time
"""

from functools import partial

from jax import jit


@partial(jit, static_argnums=1)
def f(x, y=0):
    return x + y


def run():
    for _ in range(3):
        f(5)
