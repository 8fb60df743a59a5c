import jax
import jax.numpy as jnp


class Predictive:
    def __init__(self, posterior, apply_fn):
        self.posterior = posterior
        self.apply_fn = apply_fn
        self._sample = jax.jit(self._sample_impl)

    def _sample_impl(self, keys, inputs):
        def one(key):
            params = self.posterior.sample(key)
            return self.apply_fn(params, inputs)

        return jax.vmap(one)(keys)

    def sample_outputs(self, rng, inputs, n_posterior_samples):
        keys = jax.random.split(rng, n_posterior_samples)
        return self._sample(keys, inputs)
