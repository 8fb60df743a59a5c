import jax
import jax.numpy as jnp


class TrainState:
    def __init__(self, key, params, temperature_power=1, num_temps=10):
        self.key = key
        self.params = params
        if temperature_power >= 1:
            self.temp = {"schedule": jnp.linspace(0, 1, num_temps) ** temperature_power}
        else:
            self.temp = {"schedule": jnp.array([1])}


def sample_z(state, data, t, key):
    """Short tempered-posterior Langevin chain (scanned), returns (z_prior, z_posterior)."""
    k0, k1 = jax.random.split(key)
    z0 = jax.random.normal(k0, (data.shape[0], 4))
    noise = jax.random.normal(k1, (20,) + z0.shape)

    def step(z, eps):
        grad = t * (data - z @ state.params) @ state.params.T - z
        return z + 0.01 * grad + jnp.sqrt(0.02) * eps, None

    z_post, _ = jax.lax.scan(step, z0, noise)
    return z0, z_post
