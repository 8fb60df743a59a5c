"""A dataclass registered with ``register_dataclass`` keeps an array in
``meta_fields``; the second call with an equal-but-new instance fails while
comparing static metadata.

Source: https://github.com/jax-ml/jax/issues/24204
"ValueError when re-compiling function with a multi-dimensional array as a
static field": ``Foo(a)`` with ``meta_fields=['a']``; ``func(foo1)`` works,
``func(foo2)`` raises during the check ``foo1 == foo2``.

Observed on jax 0.10.2: raises ValueError
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class Foo:
    a: jax.Array  # expect: JAX301


jax.tree_util.register_dataclass(Foo, data_fields=[], meta_fields=["a"])

func = jax.jit(lambda x: x)


def main():
    foo1 = Foo(jnp.arange(4).reshape(2, 2))
    func(foo1)  # expect: JAX302
    foo2 = Foo(jnp.arange(4).reshape(2, 2))
    return func(foo2)  # expect: JAX302


def run():
    return main()
