"""Two-stage Gaussian sample drawn with one key: variance 4 instead of 2.

Source: https://github.com/jax-ml/jax/issues/16845
The reporter drew s1 ~ N(0, I) and then s2 ~ N(s1, I) with
`random.multivariate_normal`, passing the same PRNGKey to both calls. The
sample variance of s2 came out near 4 instead of 2, because the second call
re-used the first call's normal draws (s2 == 2 * s1). Here the hierarchical
sampler is a helper used by a small simulation driver.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


def sample_two_stage(key, n, dim=1):
    mean0 = jnp.zeros(dim)
    cov = jnp.eye(dim)
    s1 = jax.random.multivariate_normal(key, mean0, cov, shape=(n,))
    s2 = jax.random.multivariate_normal(key, s1, cov)  # expect: JAX501
    return s1, s2


def simulate(seed, n=10000):
    key = jax.random.PRNGKey(seed)
    s1, s2 = sample_two_stage(key, n)
    return s1, s2, jnp.var(s2)


def run():
    degenerate = 0
    for seed in (1337, 7, 2024):
        s1, s2, _ = simulate(seed)
        degenerate += int(jnp.allclose(s2, 2.0 * s1, atol=1e-4))
    return degenerate
