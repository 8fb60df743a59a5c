"""A key written as a default (a signature's, or a NamedTuple/dataclass field's) is one key.

    python bench/measure_default_keys.py

Python evaluates a default once, when the `def` or the class body runs: every call or instance
that leaves it out holds the very same key, so what it draws repeats. jax 0.10.2 prints True
twice; a dataclass refuses the array as a default on Python 3.11 (`ValueError: mutable default
<class 'jaxlib._jax.ArrayImpl'> for field key is not allowed`: since 3.11 any unhashable default
is refused; Python 3.10 refused only lists, dicts and sets, and took it).
"""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp


def sample(n, key=jax.random.PRNGKey(0)):
    return jax.random.normal(key, (n,))


class State(NamedTuple):
    x: jax.Array
    key: jax.Array = jax.random.PRNGKey(0)


try:
    @dataclasses.dataclass
    class Config:
        key: jax.Array = jax.random.PRNGKey(0)
except ValueError as error:
    print("dataclass field default:", error)


print("signature default, two calls draw alike:", bool(jnp.array_equal(sample(3), sample(3))))
a, b = State(jnp.zeros(2)), State(jnp.ones(2))
print("NamedTuple field default, one key in two instances:", a.key is b.key)
