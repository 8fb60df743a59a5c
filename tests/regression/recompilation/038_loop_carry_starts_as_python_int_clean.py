"""A loop that feeds a jitted function's output back in, starting from a Python int.

Source: https://github.com/jax-ml/jax/issues/3163
`x = 0; for i in range(10): x = my_fn(x, i)` traced `my_fn` twice in 2020: the first `x` was a
weakly typed Python int, later ones strongly typed. On jax 0.10 the sum of two weakly typed
values stays weakly typed, so the carry never changes type and there is no second compile.

Observed on jax 0.10.x: my_fn compiled 1 time
"""

import jax


@jax.jit
def my_fn(x, y):
    return x + y


def accumulate(n):
    x = 0
    for i in range(n):
        x = my_fn(x, i)
    return x


def run():
    accumulate(10)
