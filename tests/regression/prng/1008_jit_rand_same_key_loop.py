"""A jitted sampler is called in a loop with the key created once.

Source: https://taourl.com/read-3763631.html
What happened: the answer on generating random numbers under JIT builds
`jit_rand = jax.jit(jax.random.normal)` and calls it with PRNGKey(42), noting
the output is deterministic for the same key; calling it per batch without
splitting gives the same numbers every time.
run() returns how many later batches equal the first batch.
Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

jit_rand = jax.jit(lambda k: jax.random.normal(k, (1000,)))


def make_batches(num_batches, key):
    batches = []
    for _ in range(num_batches):
        batches.append(jit_rand(key))  # expect: JAX503
    return batches


def run():
    batches = make_batches(3, jax.random.PRNGKey(42))
    return sum(bool(jnp.all(b == batches[0])) for b in batches[1:])
