"""Wanting a "compiled benchmark", the user put the timing inside the function they jit: it reads
time.perf_counter() before and after the work and returns the elapsed time alongside the result.
The clock is read once, while tracing, and the two floats become constants of the compiled
program, so every later call reports exactly the same elapsed time (and start time).

Source: https://github.com/jax-ml/jax/issues/8599
Observed on jax 0.10.x: timed_matmul compiled 1 times; 2 of 3 calls
"""
from time import perf_counter

import jax
import jax.numpy as jnp


@jax.jit
def timed_matmul(a, b):
    start = perf_counter()  # expect: JAX106
    out = jnp.tanh(a @ b).sum()
    elapsed = perf_counter() - start  # expect: JAX106
    return out, start, elapsed


def run():
    a = jnp.ones((64, 64))
    b = jnp.ones((64, 64))
    seen = []
    for _ in range(3):
        _, start, elapsed = timed_matmul(a, b)
        seen.append(float(start))
    return sum(1 for s in seen[1:] if s == seen[0])
