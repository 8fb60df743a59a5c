"""Helpers that build `jax.random.PRNGKey(77)` / `PRNGKey(42)` with a literal seed each call / iteration.

Source: https://eoelab.org:1027/mirrors/rocm_jax/commit/0302e4c34d59d353daacfe1b38a3ece551552f92
The device-memory-profiling docs (in this key-docs commit) allocate test data with
`afunction(): return jax.random.normal(jax.random.PRNGKey(77), (1000000,))` and
`for i in range(1, 10): x = jax.random.normal(jax.random.PRNGKey(42), (i, 10000))`.
Used as a data generator, every call of `afunction` returns the very same
"random" array, and every loop iteration restarts the same stream.

Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp


@jax.jit
def afunction():
    return jax.random.normal(jax.random.PRNGKey(77), (1000,))  # expect: JAX503


def anotherfunc():
    arrays = []
    for i in range(1, 4):
        x = jax.random.normal(jax.random.PRNGKey(42), (i, 100))  # missed: JAX503 (the passes differ in the shape drawn, (i, 100): with partitionable threefry the first rows are the same, which the analysis does not model)
        arrays.append(x)
    return arrays


def run():
    zs = [afunction() for _ in range(3)]
    anotherfunc()
    return sum(bool(jnp.all(z == zs[0])) for z in zs[1:])
