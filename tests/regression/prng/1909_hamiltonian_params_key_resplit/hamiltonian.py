"""Base class of the Hamiltonian systems: sample parameters and initial states, roll out."""
import jax
import jax.numpy as jnp
import jax.random as jnr


class HamiltonianSystem:

  def sample_params(self, num_samples, rng_key):
    raise NotImplementedError

  def sample_y(self, num_samples, params, rng_key):
    raise NotImplementedError

  def generate_and_render_dt(self, num_trajectories, rng_key, t0, dt,
                             num_steps, y0=None, params=None):
    """Samples params and y0, then integrates with a fixed step."""
    if params is None:
      rng_key, key = jnr.split(rng_key)
      params = self.sample_params(num_trajectories, rng_key)
    if y0 is None:
      rng_key, key = jnr.split(rng_key)  # expect: JAX501,JAX504
      y0 = self.sample_y(num_trajectories, params, key)
    q, p = y0
    qs = []
    for _ in range(num_steps):
      p = p - dt * params["k"][:, None] * q
      q = q + dt * p / params["m"][:, None]
      qs.append(q)
    return dict(x=jnp.stack(qs, axis=1), other=params, y0=y0)
