"""efax's complex unit-variance normal draws its real and imaginary parts from one key.

Source: https://github.com/NeilGirdhar/efax/commit/b83fb466f530d27fc339bb4867a3d9e36faa642b ("Fix RNG reuse")

``ComplexMultivariateUnitVarianceNormalEP.sample`` computed
``a = jr.normal(key, shape)`` and ``b = jr.normal(key, shape)`` and returned
``a + 1j * b + self.mean``; the natural parametrization samples through
``self.to_exp().sample(key, shape)``. With one key for both parts every sample
lies on the line Re(z - mean) == Im(z - mean) instead of being circular. The
fix splits the key (found with the ``--check_rng_reuse`` test option that turns
on ``jax.debug_key_reuse``).

Observed on jax 0.10.2: 64 of 64 calls
"""
import dataclasses

import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ComplexMultivariateUnitVarianceNormalEP:
    mean: jnp.ndarray

    def sample(self, key, shape=None):
        shape = self.mean.shape if shape is None else shape + self.mean.shape
        a = jr.normal(key, shape)
        b = jr.normal(key, shape)  # expect: JAX501
        return a + 1j * b + self.mean


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ComplexMultivariateUnitVarianceNormalNP:
    two_mean_conjugate: jnp.ndarray

    def to_exp(self):
        return ComplexMultivariateUnitVarianceNormalEP(jnp.conj(self.two_mean_conjugate) * 0.5)

    def sample(self, key, shape=None):
        return self.to_exp().sample(key, shape)


@jax.jit
def draw_batch(dist, key):
    return dist.sample(key, (32,))


def run():
    mean = jnp.array([1.0 + 2.0j, -0.5 + 0.0j])
    dist = ComplexMultivariateUnitVarianceNormalNP(2.0 * jnp.conj(mean))
    z = draw_batch(dist, jr.key(0)) - mean
    return int(np.sum(np.isclose(np.asarray(z.real), np.asarray(z.imag))))
