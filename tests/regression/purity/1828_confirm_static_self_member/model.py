from functools import partial

import jax
import jax.numpy as jnp


class BinomialDesign:
    """Shared simulation settings bundled in a class; `self` is a static argument."""

    def __init__(self, n_arm_samples, threshold):
        self.n_arm_samples = n_arm_samples
        self.threshold = threshold

    @partial(jax.jit, static_argnums=(0,))
    def rejection_rate(self, p):
        z = (p - 0.5) * jnp.sqrt(self.n_arm_samples) / 0.5
        return jnp.mean(z > self.threshold)  # expect: JAX108
