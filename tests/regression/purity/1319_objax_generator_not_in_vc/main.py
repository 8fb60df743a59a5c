"""objax's random functions pull keys from a stateful DEFAULT_GENERATOR. When a user jit-compiled
a function that draws random numbers without adding the generator's variables to the Jit's
VarCollection, the generator's state update happened only while tracing: the compiled function
returned the same "random" numbers on every call. PR #209 documented that the generator must be
passed to Jit (the bug report is objax#208).

Source: https://github.com/google/objax/pull/209
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import numpy as np

import objax_random


def function():
    d = objax_random.uniform((1,))
    return d


function_jit = jax.jit(function)


def run():
    draws = [np.asarray(function_jit()) for _ in range(3)]
    return sum(int(np.array_equal(draws[i], draws[i + 1])) for i in range(2))
