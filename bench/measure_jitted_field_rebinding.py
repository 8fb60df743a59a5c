"""A key held in a field of a registered pytree, advanced by a method (`__next__` splitting
`self.key`), given to a function: jitted, the function is handed the object's leaves and works on
an object rebuilt from tracers, so what it rebinds there never reaches the caller's object;
called without jit, it advances the caller's key. `next(w)` runs `type(w).__next__(w)`.

Measured on jax 0.10.2 (run with python bench/measure_jitted_field_rebinding.py):
    jitted, two calls on one wrapper: same numbers True; caller's key unchanged True
    not jitted, two calls on one wrapper: same numbers False; caller's key unchanged False
    nested jit inside a jitted caller: same numbers True
    next(w) ran __next__: True
"""

import jax
import jax.numpy as jnp
from jax import tree_util


@tree_util.register_pytree_node_class
class KeyWrap:
    def __init__(self, key):
        self.key = key
        self.nexts = 0

    def __next__(self):
        self.key, sub = jax.random.split(self.key)
        self.nexts += 1
        return sub

    def tree_flatten(self):
        return (self.key,), None

    @classmethod
    def tree_unflatten(cls, _, leaves):
        return cls(*leaves)


def draw(w):
    return jax.random.uniform(next(w), (4,))


jitted = jax.jit(draw)


def twice(fn):
    w = KeyWrap(jax.random.PRNGKey(5))
    before = w.key
    a, b = fn(w), fn(w)
    return bool(jnp.array_equal(a, b)), bool(jnp.array_equal(before, w.key))


same, unchanged = twice(jitted)
print(f"jitted, two calls on one wrapper: same numbers {same}; caller's key unchanged {unchanged}")
same, unchanged = twice(draw)
print(f"not jitted, two calls on one wrapper: same numbers {same}; caller's key unchanged {unchanged}")


@jax.jit
def outer(w):
    return jitted(w), jitted(w)


a, b = outer(KeyWrap(jax.random.PRNGKey(5)))
print("nested jit inside a jitted caller: same numbers", bool(jnp.array_equal(a, b)))
w = KeyWrap(jax.random.PRNGKey(0))
next(w)
print("next(w) ran __next__:", w.nexts == 1)
