import jax
import jax.numpy as jnp

import global_defs
from global_defs import pmap_for_my_devices


class SampledObs():
    """Statistics of Monte Carlo samples with a leading device dimension."""

    def __init__(self, observations=None, weights=None):
        self.jit_my_stuff()
        if len(observations.shape) == 2:
            observations = observations[..., None]
        self._weights = weights
        self._mean = jnp.sum(self._mean_helper(observations, self._weights), axis=0)
        self._data = self._data_prep(observations, self._weights, self._mean)

    def mean(self):
        return self._mean

    def covar(self, other=None):
        if other is None:
            other = self
        return jnp.sum(self._covar_helper(self._data, other._data), axis=0)

    def jit_my_stuff(self):
        # This is a helper function to make sure that pmap'd functions work with the actual
        # choice of devices at all times.
        if global_defs.pmap_devices_updated():
            def mean_helper(data, w):
                return jnp.tensordot(w, data, axes=(0, 0))

            def data_prep(data, w, mean):
                return jax.vmap(lambda d, w, m: jnp.sqrt(w) * (d - m), in_axes=(0, 0, None))(data, w, mean)

            def covar_helper(data1, data2):
                return jnp.tensordot(jnp.conj(data1), data2, axes=(0, 0))

            self._mean_helper = pmap_for_my_devices(mean_helper, in_axes=(0, 0))  # expect: JAX402
            self._data_prep = pmap_for_my_devices(data_prep, in_axes=(0, 0, None))  # expect: JAX402
            self._covar_helper = pmap_for_my_devices(covar_helper, in_axes=(0, 0))  # expect: JAX402
