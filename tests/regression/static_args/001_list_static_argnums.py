"""A list passed at a `static_argnums` position.

Source: https://github.com/genjax-community/genjax/issues/1179
`jfoo = jax.jit(foo, static_argnums=(0,))` called with `[2]` raised "Non-hashable static
arguments are not supported": static arguments are cache keys and must be hashable.

Observed on jax 0.10.x: raises ValueError
"""

import jax


def foo(x):
    return x[0] + 1


jfoo = jax.jit(foo, static_argnums=(0,))


def main():
    return jfoo([2])  # expect: JAX302


def run():
    return main()
