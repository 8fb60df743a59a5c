"""Listing 5-3 of a JAX book ("circumstances where jit is not suitable") times an
eager and a jitted `normalize`, then writes `get_negatives(x)` returning
`x[x < 0]`. Eagerly it returns the negative entries of a 10x10 normal sample; the
author then wraps it with `jit_get_negatives = jax.jit(get_negatives)` and calls it
on the same array. A boolean-mask index has a data-dependent output shape, so
tracing fails.

Source: https://github.com/halfroad/JAX/blob/b2dc5cffa05dc5899e9f2d14207ef41d8170cc9c/Chapters/05/5.1/5.1.3/5-3/JustInTimeNotSuitableCircumstances.py#L11
Observed on jax 0.10.x: raises NonConcreteBooleanIndexError
"""
import time

import jax
import jax.random

from ops import normalize, get_negatives


def start():

    key = jax.random.PRNGKey(17)

    x = jax.random.normal(key, shape = [64, 64])

    begin = time.time()
    normalize(x)
    end = time.time()
    print("Duration {:.2f}s consumed when iterating {} times".format(end - begin, len(x)))

    jit_normalize = jax.jit(normalize)
    jit_normalize(x)

    x = jax.random.normal(key, shape = [10, 10])

    negatives = get_negatives(x)

    print(negatives.shape)

    jit_get_negatives = jax.jit(get_negatives)

    negatives = jit_get_negatives(x)

    return negatives.shape


def run():
    start()
    return 0
