"""In the DeepMind Hamiltonian dynamics suite, generate_and_render_dt splits rng_key into
(rng_key, key) but passes rng_key itself (not the fresh `key`) to sample_params, and then splits
that already-consumed rng_key again to get the key for the initial states. sample_params splits its
key into (key1, key2) for the spring constant k and the mass m, so the second split hands back
exactly those two keys: the "fresh" key given to sample_y is the key the masses were drawn from,
and the carried rng_key is the key the spring constants were drawn from.

Source: https://github.com/google-deepmind/dm_hamiltonian_dynamics_suite/blob/345a1a53aa7bb47691834ded4319b6fe975adac8/dm_hamiltonian_dynamics_suite/hamiltonian_systems/hamiltonian.py#L513
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from ideal_mass_spring import IdealMassSpring


class _Recording(IdealMassSpring):
  """Records the keys the system is handed (observation only)."""

  def sample_params(self, num_samples, rng_key):
    self.params_key = rng_key
    return super().sample_params(num_samples, rng_key)

  def sample_y(self, num_samples, params, rng_key):
    self.y_key = rng_key
    return super().sample_y(num_samples, params, rng_key)


def run():
  system = _Recording()
  hits = 0
  for seed in range(3):
    out = system.generate_and_render_dt(
        8, jax.random.PRNGKey(seed), t0=0.0, dt=0.05, num_steps=10)
    _, m_key = jax.random.split(system.params_key)
    m_again = jax.random.uniform(m_key, [8], minval=0.5, maxval=2.0)
    same_key = bool(jnp.all(jax.random.key_data(system.y_key) == jax.random.key_data(m_key)))
    hits += int(same_key and jnp.allclose(m_again, out["other"]["m"]))
  return hits
