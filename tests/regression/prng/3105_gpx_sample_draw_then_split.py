"""GPX (Gaussian-process library) posterior sampler `sample(key, mean, cov, n_samples)`: for a
multi-output mean it loops over the output dimensions, does `subkey, key = random.split(key)`,
never uses `subkey`, draws the samples with `key`, and on the next dimension splits that same,
already consumed `key` again. Every key except the last is used both for a draw and as the parent
of the next split.

Source: https://github.com/Molecolab-Pisa/GPX/blob/6231d3407e29193de4b697f4aa22fdb630742f61/gpx/models/utils.py#L64
Observed on jax 0.10.x: runs
"""
from typing import Optional

import jax
import jax.numpy as jnp
from jax import random


def sample(key, mean, cov, n_samples: Optional[int] = 1):
    if mean.ndim > 1:
        samples = []
        for dim in range(mean.shape[1]):
            subkey, key = random.split(key)  # expect: JAX501,JAX504
            sample = random.multivariate_normal(
                key=key,
                mean=mean[:, dim],
                cov=cov,
                shape=(n_samples,),
            )
            samples.append(sample)
    else:
        sample = random.multivariate_normal(key=key, mean=mean, cov=cov)
    return jnp.array(samples if mean.ndim > 1 else sample)


def rbf(x1, x2, lengthscale=0.5):
    d = x1[:, None] - x2[None, :]
    return jnp.exp(-0.5 * d**2 / lengthscale**2)


def run():
    x = jnp.linspace(0.0, 1.0, 12)
    cov = rbf(x, x) + 1e-5 * jnp.eye(12)
    mean = jnp.stack([jnp.sin(x), jnp.cos(x), x], axis=1)
    draws = sample(random.PRNGKey(0), mean, cov, n_samples=4)
    draws.block_until_ready()
