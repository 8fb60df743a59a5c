"""jaxampler's accept-reject sampler ignores its ``key`` and draws with PRNGKey(1000)/PRNGKey(10).

Source: https://github.com/Qazalbash/jaxampler/commit/bec94bd61837ce1e419828a1d05db81bf9ac4f9d
(the ``AcceptRejectSampler`` part of that commit; see also issue
https://github.com/Qazalbash/jaxampler/issues/5 about keys not behaving)

``AcceptRejectSampler.sample(target_rv, proposal_rv, scale, N, key=None)``
accepted a ``key`` (defaulting to ``self.get_key()``) but then proposed with
``proposal_rv.rvs(N, jax.random.PRNGKey(1000))`` and drew the acceptance
uniforms from ``jax.random.PRNGKey(10)``. Whatever key the caller passes, the
sampler returns the same accepted set. The commit switched both draws to the
caller's key.

Observed on jax 0.10.2: 2 of 2 calls
"""
import random

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.stats import norm, uniform


class Normal:
    def __init__(self, mu=0.0, sigma=1.0):
        self.mu, self.sigma = mu, sigma

    def pdf(self, x):
        return norm.pdf(x, self.mu, self.sigma)


class Uniform:
    def __init__(self, low, high):
        self.low, self.high = low, high

    def pdf(self, x):
        return uniform.pdf(x, self.low, self.high - self.low)

    def rvs(self, N, key):
        return jax.random.uniform(key, (N,), minval=self.low, maxval=self.high)


class AcceptRejectSampler:
    @staticmethod
    def get_key(key=None):
        if key is None:
            return jax.random.PRNGKey(random.randint(0, int(1e8)))
        new_key, _ = jax.random.split(key)
        return new_key

    def sample(self, target_rv, proposal_rv, scale=1, N=1, key=None):
        if key is None:
            key = self.get_key()
        V = proposal_rv.rvs(N, jax.random.PRNGKey(1000))  # expect: JAX502
        pdf_ratio = target_rv.pdf(V)
        U_scaled = jax.random.uniform(
            jax.random.PRNGKey(10), shape=(N,), minval=0.0, maxval=scale * proposal_rv.pdf(V))  # expect: JAX502
        accept = U_scaled <= pdf_ratio
        return V[accept]


def run():
    sampler = AcceptRejectSampler()
    target, proposal = Normal(0.0, 1.0), Uniform(-4.0, 4.0)
    first = np.asarray(sampler.sample(target, proposal, scale=4, N=500, key=jax.random.PRNGKey(1)))
    same = 0
    for seed in (2, 3):
        again = np.asarray(sampler.sample(target, proposal, scale=4, N=500, key=jax.random.PRNGKey(seed)))
        same += int(np.array_equal(first, again))
    return same
