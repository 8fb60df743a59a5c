"""Dense-Evolution style noise model: one entry point, two randomness arguments."""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np


class NoiseModel:
    def __init__(self, model="coherent_overrotation", p=0.05):
        self.model = model
        self.p = p

    def _apply_jax(self, sv, jax_key):
        angles = self.p * jax.random.normal(jax_key, sv.shape)
        return sv * jnp.exp(1j * angles)

    def _apply_np(self, sv, rng):
        angles = self.p * rng.standard_normal(sv.shape)
        return sv * np.exp(1j * angles)

    def apply_to_sv(self, sv, rng=None, jax_key=None):
        if isinstance(sv, jnp.ndarray):
            if jax_key is None:
                seed = int.from_bytes(os.urandom(4), "little") ^ (time.perf_counter_ns() & 0xFFFFFFFF)
                jax_key = jax.random.PRNGKey(seed)  # expect: JAX502
            return self._apply_jax(sv, jax_key)
        rng = rng if rng is not None else np.random.default_rng()
        return self._apply_np(sv, rng)
