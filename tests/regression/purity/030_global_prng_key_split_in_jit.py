"""A global PRNG key split and rebound inside a function that is later jitted.

Source: https://github.com/jax-ml/jax/pull/4312
The repro behind the escaped-tracer message: `init()` splits a global `key`; eager calls give
fresh numbers, but after `init = jit(init)` every call returns the same value.

Observed on jax 0.10.x: a distinct sample in 1 of 3 calls
"""

from jax import jit
from jax import random

key = random.PRNGKey(0)


def init():
    global key
    key, subkey = random.split(key)  # expect: JAX103
    return random.normal(subkey, ())


init = jit(init)


def run():
    samples = {float(init()) for _ in range(3)}  # expect: JAX503
    return len(samples)
