"""Sampling helpers (dm_hamiltonian_dynamics_suite/hamiltonian_systems/utils.py layout)."""
from typing import NamedTuple

import jax.numpy as jnp
import jax.random as jnr


class BoxRegion(NamedTuple):
  min: float
  max: float

  def convert_from_unit_interval(self, x):
    return x * (self.max - self.min) + self.min


def uniform_annulus(key, num_samples, dim_samples, radius_range, uniform):
  """Samples points uniformly in the annulus defined by radius range."""
  key1, key2 = jnr.split(key)
  direction = jnr.normal(key1, [num_samples, dim_samples])
  norms = jnp.linalg.norm(direction, axis=-1, keepdims=True)
  direction = direction / norms
  r = jnr.uniform(key2, [num_samples])
  if uniform:
    radius_range = BoxRegion(radius_range.min ** 2, radius_range.max ** 2)
    r = jnp.sqrt(radius_range.convert_from_unit_interval(r))
  else:
    r = radius_range.convert_from_unit_interval(r)
  return direction * r[:, None]
