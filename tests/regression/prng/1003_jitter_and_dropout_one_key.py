"""Uniform jitter and a Bernoulli dropout mask drawn from one key.

Source: https://github.com/jax-ml/jax/pull/18262
What happened: the static key-reuse checker PR uses
`jax.random.uniform(key) + jax.random.normal(key)` as its example of a key
consumed twice; draws from the same key are not independent.
run() returns how many of 3 calls have a mask exactly equal to (jitter < p).
Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


@jax.jit
def augment(key, x, p=0.5):
    jitter = jax.random.uniform(key, x.shape)
    keep = jax.random.bernoulli(key, p, x.shape)  # expect: JAX501
    return x + 0.01 * jitter, keep, jitter


def run():
    dependent = 0
    key = jax.random.PRNGKey(0)
    for _ in range(3):
        key, sub = jax.random.split(key)
        _, keep, jitter = augment(sub, jnp.zeros(256))
        if bool(jnp.all(keep == (jitter < 0.5))):
            dependent += 1
    return dependent
