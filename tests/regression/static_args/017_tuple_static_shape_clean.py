"""A tuple passed as the static argument: the fix the genjax report settled on.

Source: https://github.com/genjax-community/genjax/issues/1179
The list version raised "Non-hashable static arguments"; the same values in a tuple hash by
value and compile once.

Observed on jax 0.10.x: foo compiled 1 time
"""

import jax


def foo(x):
    return x[0] + 1


jfoo = jax.jit(foo, static_argnums=(0,))


def main():
    for _ in range(3):
        jfoo((2,))


def run():
    main()
