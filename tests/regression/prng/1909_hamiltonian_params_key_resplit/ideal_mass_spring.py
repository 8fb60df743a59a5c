"""Ideal mass-spring system."""
import jax
import jax.numpy as jnp

import utils
from hamiltonian import HamiltonianSystem


class IdealMassSpring(HamiltonianSystem):

  def __init__(self, k_range=utils.BoxRegion(0.5, 2.0),
               m_range=utils.BoxRegion(0.5, 2.0),
               radius_range=utils.BoxRegion(0.1, 1.0), uniform_annulus=True):
    self.k_range = k_range
    self.m_range = m_range
    self.radius_range = radius_range
    self.uniform_annulus = uniform_annulus

  def sample_y(self, num_samples, params, rng_key):
    k = params["k"]
    m = params["m"]
    state = utils.uniform_annulus(
        rng_key, num_samples, 2, self.radius_range, self.uniform_annulus)
    q = state[..., :1]
    p = state[..., 1:] * jnp.sqrt(k * m)[:, None]
    return q, p

  def sample_params(self, num_samples, rng_key):
    key1, key2 = jax.random.split(rng_key)
    k = jax.random.uniform(key1, [num_samples], minval=self.k_range.min,
                           maxval=self.k_range.max)
    m = jax.random.uniform(key2, [num_samples], minval=self.m_range.min,
                           maxval=self.m_range.max)
    return dict(k=k, m=m)
