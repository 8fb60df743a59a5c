"""The exercise asks for two independent N(0, 1) draws of length n from a seed. The "❌ Reusing the
key" version shown in the problem creates one key and passes it to both jax.random.normal calls,
so the second draw is identical to the first instead of independent.

Source: https://crackedaicode.com/problems/jax-prngkey-and-split
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def two_random_draws(seed, n):
    key = jax.random.PRNGKey(int(seed))
    x1 = jax.random.normal(key, (int(n),))
    x2 = jax.random.normal(key, (int(n),))  # expect: JAX501
    return jnp.stack([x1, x2])


def run():
    same = 0
    for seed in (1.0, 2.0, 3.0):
        draws = two_random_draws(seed, 3.0)
        same += int(bool(jnp.all(draws[0] == draws[1])))
    return same
