"""A boolean option declared in `static_argnames` (clean).

Source: https://github.com/jax-ml/jax/pull/24705
The RFC contrasts a `Static[bool]` annotation with today's spelling,
`@partial(jax.jit, static_argnames=['square'])` on `f(x, square: bool)`. The
flag is a hashable Python bool and names a real parameter; two flag values give
exactly two compilations.

Observed on jax 0.10.2: f compiled 2 times
"""
from functools import partial

import jax


@partial(jax.jit, static_argnames=["square"])
def f(x: jax.Array, square: bool):
    return x**2 if square else x


def run():
    total = 0.0
    for _ in range(3):
        total += f(2.0, True) + f(2.0, False)
    return total
