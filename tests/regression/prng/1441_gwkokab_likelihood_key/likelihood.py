"""Poisson (inhomogeneous) likelihood with a Monte-Carlo estimate of the expected rate."""
import jax
import jax.numpy as jnp


class PoissonLikelihood:
    def __init__(self, data, n_mc=256, seed=37):
        self.data = data
        self.n_mc = n_mc
        self.key = jax.random.PRNGKey(seed)

    def expected_rate(self, params):
        mu, sigma, rate = params
        draws = mu + sigma * jax.random.normal(self.key, (self.n_mc,))  # expect: JAX502
        selection = jax.nn.sigmoid(draws - 1.0)
        return rate * jnp.mean(selection)

    def log_likelihood(self, params):
        mu, sigma, rate = params
        log_pop = jnp.sum(-0.5 * ((self.data - mu) / sigma) ** 2 - jnp.log(sigma) + jnp.log(rate))
        return log_pop - self.expected_rate(params)
