"""EvoX's developer guide on jit-able components: the workflow's `foo` is jit-compiled
and calls a helper `bar` that is not itself decorated. The helper keeps the positive
entries with a boolean mask, `x[x > 0]`, whose output size depends on the data. Because
`bar` runs inside the trace of `foo`, the dynamic index is traced too and compilation
fails with a NonConcreteBooleanIndexError.

Source: https://evox.readthedocs.io/en/v0.9.1-dev/_sources/guide/developer/2-jit-able.md
Observed on jax 0.10.x: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp

from operators import select_positive_mean


@jax.jit
def foo(fitness):
    return select_positive_mean(fitness)


def run():
    fitness = jnp.array([0.3, -1.2, 2.5, -0.1, 0.7])
    return foo(fitness)
