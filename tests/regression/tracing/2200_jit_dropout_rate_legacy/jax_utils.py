from collections.abc import Sequence

import jax.numpy as jnp
from jax import lax, random


# Custom Layers
class Dropout:
    """Create a dropout layer.

    Forked from flax.linen.Dropout. The reference dropout implementation is
    modified to support changes to dropout rate during training by:
    1) adding rate argument to the __call__ method
    2) removing the if-else condition to check for edge cases, which will
       trigger a recompile for jitted code
    """

    def __init__(self, rate: float | None = None, broadcast_dims: Sequence[int] = (),
                 deterministic: bool | None = None, legacy: bool = True):
        self.rate = rate
        self.broadcast_dims = broadcast_dims
        self.deterministic = deterministic
        self.legacy = legacy

    def __call__(self, inputs, deterministic: bool | None = None,
                 rate: float | None = None, rng=None):
        if deterministic is None:
            deterministic = self.deterministic

        # Override self.rate if rate is passed to __call__
        if rate is None:
            rate = self.rate

        if self.legacy:
            if rate == 0.0:  # expect: JAX201
                return inputs

            # Prevent gradient NaNs in 1.0 edge-case.
            if rate == 1.0:
                return jnp.zeros_like(inputs)

        if deterministic:
            return inputs

        keep_prob = 1.0 - rate
        broadcast_shape = list(inputs.shape)
        for dim in self.broadcast_dims:
            broadcast_shape[dim] = 1
        mask = random.bernoulli(rng, p=keep_prob, shape=broadcast_shape)
        mask = jnp.broadcast_to(mask, inputs.shape)
        return lax.select(mask, inputs / keep_prob, jnp.zeros_like(inputs))
