import jax
import jax.numpy as jnp


class TLE:
  def __init__(self, k=jnp.linspace(-6, 6, 8)):
    self.k = k
    self.dk = self.k[2] - self.k[1]

  def S_mat_tt(self, k_1, k_2, p_1, p_2, Omega=0.0, Gamma=1.0, gamma=0.0):
    nk_1, nk_2, np_1 = jnp.arange(0, len(k_1)), jnp.arange(0, len(k_2)), jnp.arange(0, len(p_1))

    def t_s(k, idx):
      t = ((k - Omega - 1j * 0.5 * (Gamma - gamma)) / (k - Omega + 1j * 0.5 * (Gamma + gamma)))[idx]
      return t

    t_k_1 = jax.vmap(lambda idx: t_s(k_1, idx))(nk_1)
    t_k_2 = jax.vmap(lambda idx: t_s(k_2, idx))(nk_2)
    t_p_1 = jax.vmap(lambda idx: t_s(p_1, idx))(np_1)

    def linear_scattering():
      linear_mem = jnp.zeros((len(k_1), len(k_2), len(p_1), len(p_2))) + 0j
      idx_array = jax.vmap(jax.vmap(jax.vmap(lambda a, b, c: jnp.array([a, b, c]), in_axes=(None, None, 0)),
                                    in_axes=(None, 0, None)), in_axes=(0, None, None))(nk_1, nk_2, np_1)
      idx_array = jnp.transpose(idx_array.reshape(len(nk_1) * len(nk_2) * len(np_1), 3))
      idx_array_1 = jnp.transpose(idx_array)[idx_array[0] == idx_array[2]]  # expect: JAX205

      linear_data = jax.vmap(jax.vmap(jax.vmap(lambda a, b, c: jnp.array([a, b, c]), in_axes=(None, None, 0)),
                                      in_axes=(None, 0, None)), in_axes=(0, None, None))(t_k_1, t_k_2, t_p_1)
      linear_data = jnp.transpose(linear_data.reshape(len(nk_1) * len(nk_2) * len(np_1), 3))
      linear_data_1 = jnp.transpose(linear_data)[idx_array[0] == idx_array[2]]
      linear_data_1 = jnp.transpose(linear_data_1)
      linear_data_1 = linear_data_1[0] * linear_data_1[1] / 2 / self.dk ** 2

      idx_array_1 = jnp.transpose(idx_array_1)
      linear_idx_1 = jnp.vstack((idx_array_1[0], idx_array_1[1], idx_array_1[0], idx_array_1[1]))
      return linear_mem.at[tuple(linear_idx_1)].set(linear_data_1)

    return linear_scattering()
