"""JAX issue: a jitted function increments a module-global counter.

Source: https://github.com/jax-ml/jax/issues/1348 ("Use of global keyword").

`f` declares `global g` and does `g = g + 1; return g`. Without jit it counts
1, 2, 3, ...; with `@jit` every call returns 1: the Python body (and its
global rebinding) runs only once, when `f` is traced, and the compiled
function returns the constant it saw then.

Observed on jax 0.10.2: 1 of 4 calls
"""
from jax import jit

g = 0


@jit
def f():
    global g
    g = g + 1  # expect: JAX103
    return g


def run():
    global g
    g = 0
    seen = []
    for _ in range(4):
        before = g
        f()  # gives 1, 1, 1, ...
        seen.append(g != before)
    # on how many calls did the global counter advance
    return sum(seen)
