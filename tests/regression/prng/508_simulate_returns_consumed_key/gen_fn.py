from typing import NamedTuple

import jax
import jax.numpy as jnp


class Trace(NamedTuple):
    choices: jnp.ndarray
    score: jnp.ndarray


class NormalModel:
    def __init__(self, mu=0.0, sigma=1.0, n=3):
        self.mu, self.sigma, self.n = mu, sigma, n

    def simulate(self, key, args):
        (scale,) = args
        x = self.mu + self.sigma * scale * jax.random.normal(key, (self.n,))
        score = jnp.sum(jax.scipy.stats.norm.logpdf(x, self.mu, self.sigma * scale))
        return key, Trace(x, score)  # expect: JAX505
