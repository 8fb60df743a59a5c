import jax
import jax.numpy as jnp
from jax.lax import scan

p0_sig = 1.0
z_channels = 8
posterior_steps = 10
posterior_s = 0.05


def sample_p0(key):
    """Sample from the noise prior distribution."""
    key, subkey = jax.random.split(key)
    return key, p0_sig * jax.random.normal(subkey, (z_channels,))


def get_noise_step(key, num_steps, shape):
    """Get all noises for the MCMC steps."""
    key, subkey = jax.random.split(key)
    return key, jax.random.normal(subkey, (num_steps,) + shape)


def sample_posterior(key, x, t, GEN_params):
    def langevin_posterior(z, noise):
        x_pred = jnp.tanh(GEN_params @ z)
        grad_f = t * GEN_params.T @ ((x - x_pred) * (1 - x_pred**2)) - z / p0_sig**2
        return z + posterior_s * grad_f + noise * jnp.sqrt(2 * posterior_s), None

    key, z0 = sample_p0(key)
    key, noise = get_noise_step(key, posterior_steps, z0.shape)
    z_posterior, _ = scan(langevin_posterior, z0, noise, length=posterior_steps)
    return z_posterior
