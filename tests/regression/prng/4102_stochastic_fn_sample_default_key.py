"""A stochastic weather-generator package represents a probabilistic model as a
distribution: `StochasticFunctionDistribution.sample(key=jax.random.PRNGKey(0), ...)`.
Callers that draw prior predictive samples just call `dist.sample(sample_shape=(n,))`
and rely on the default, so each call seeds the model with the same key and returns the
same "random" parameter draws.  Rebuilt without numpyro: the model function takes an
explicit key instead of running under `numpyro.handlers.seed`.

Source: https://github.com/bgroenks96/wxsbi/blob/f45df0bc5e24d2b7d755900a43e1cfaaeb56fb0c/weathergen/distributions.py#L169-L190
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp


def wgen_prior(key):
    k1, k2 = jax.random.split(key)
    return {"Tavg_loc": 10.0 + 2.0 * jax.random.normal(k1), "Tavg_scale": jnp.exp(0.3 * jax.random.normal(k2))}


class StochasticFunctionDistribution:
    def __init__(self, fn):
        self.fn = fn
        self.params = ["Tavg_loc", "Tavg_scale"]

    def sample(self, key=jax.random.PRNGKey(0), sample_shape=()):
        """Draw samples from the stochastic function according to `sample_shape`."""
        pad_shape = (1,) if sample_shape == () else sample_shape
        keys = jax.random.split(key, pad_shape[0])  # expect: JAX502

        def _sample_trace(k):
            trace = self.fn(k)
            return jnp.stack([trace[p] for p in self.params])

        return jax.vmap(_sample_trace)(keys)


def run():
    prior = StochasticFunctionDistribution(wgen_prior)
    draws = [prior.sample(sample_shape=(5,)) for _ in range(3)]
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(draws, draws[1:]))
