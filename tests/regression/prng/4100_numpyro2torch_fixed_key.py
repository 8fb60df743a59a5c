"""A weather-generator SBI package wraps a NumPyro distribution so that a PyTorch-based
simulation-based-inference library can call `.sample(shape)` on it.  The wrapper stores
the PRNG key it was built with (by default `jax.random.PRNGKey(0)`) in `self.rng_key`
and every call to `sample` passes that same key to the distribution; the key is never
split or replaced, so every "new" batch of prior samples handed to the SBI round is the
exact same batch.  Rebuilt without numpyro/torch: a small Normal distribution object
with the same `sample(key, shape)` contract, and `j2t` as an identity conversion.

Source: https://github.com/bgroenks96/wxsbi/blob/f45df0bc5e24d2b7d755900a43e1cfaaeb56fb0c/wxsbi/utils.py#L73-L87
Observed on jax 0.10.x: 2 of 2 calls
"""
from functools import partial

import jax
import jax.numpy as jnp


def j2t(x_jax):
    # the real code converts to a torch tensor via dlpack
    return x_jax


class Normal:
    def __init__(self, loc, scale):
        self.loc = loc
        self.scale = scale

    def sample(self, key, sample_shape=()):
        eps = jax.random.normal(key, sample_shape + jnp.shape(self.loc))
        return self.loc + self.scale * eps

    def log_prob(self, x):
        z = (x - self.loc) / self.scale
        return -0.5 * z**2 - jnp.log(self.scale) - 0.5 * jnp.log(2 * jnp.pi)


class NumPyro2TorchDistribution:
    def __init__(self, numpyro_dist, rng_key=jax.random.PRNGKey(0)):
        """Simple wrapper around a numpyro distribution that converts input tensors
        to JAX numpy arrays and vice versa for outputs."""
        self.dist = numpyro_dist
        self.rng_key = rng_key
        self.log_prob = self._log_prob

    def sample(self, shape):
        return j2t(self.dist.sample(self.rng_key, tuple(shape)))  # expect: JAX502

    @partial(jax.jit, static_argnums=[0])
    def _log_prob(self, x):
        return self.dist.log_prob(x)


def run():
    prior = NumPyro2TorchDistribution(Normal(jnp.zeros(3), jnp.ones(3)))
    rounds = [prior.sample((4,)) for _ in range(3)]  # three SBI rounds draw "fresh" prior samples
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(rounds, rounds[1:]))
