"""A key written as a default (a signature's, or a NamedTuple/dataclass field's) is one key.

    python bench/measure_default_keys.py

Python evaluates a default once, when the `def` or the class body runs: every call or instance
that leaves it out holds the very same key, so what it draws repeats. jax 0.10.2 prints True
three times; a dataclass refuses the array as a default on Python 3.11 (`ValueError: mutable default
<class 'jaxlib._jax.ArrayImpl'> for field key is not allowed`: since 3.11 any unhashable default
is refused; Python 3.10 refused only lists, dicts and sets, and took it). A function mapped by
`jax.vmap` (or a `lax.scan` body) that calls `sample` leaving the key out draws from that one key
for every element (or step): the same numbers in every row.
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
def member(i):
    return sample(3) + 0 * i  # the key left to its default


rows = jax.vmap(member)(jnp.arange(4))
print("vmapped caller leaving the default out, every element alike:", bool(jnp.all(rows == rows[0])))
steps = jax.lax.scan(lambda c, _: (c, sample(3)), 0.0, None, length=4)[1]
print("lax.scan body leaving the default out, every step alike:", bool(jnp.all(steps == steps[0])))
print("NamedTuple field default, one key in two instances:", a.key is b.key)
