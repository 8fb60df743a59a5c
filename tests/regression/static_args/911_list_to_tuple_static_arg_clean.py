"""Clean look-alike: the list of layer sizes is converted to a tuple before it
is passed through ``static_argnames``.

Source: https://openillumi.com/en/en-jax-jit-list-static-arg-best-practice
"Convert lists to tuples before passing to jax.jit with static_argnames" --
a tuple hashes by value, so changes trigger a proper recompilation.

Observed on jax 0.10.2: dummy compiled 2 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("sizes",))
def dummy(x, sizes):
    out = x
    for s in sizes:
        out = jnp.tanh(out * s)
    return out


def run():
    x = jnp.ones(3)
    sizes = [1, 2, 3]
    dummy(x, sizes=tuple(sizes))
    dummy(x, sizes=tuple(sizes))
    sizes.append(4)
    return dummy(x, sizes=tuple(sizes))
