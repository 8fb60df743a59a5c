import jax
import jax.numpy as jnp
from jax.lax import scan

batch_size = 4
z_channels = 8
posterior_steps = 5
posterior_s = 0.1
p0_sig = 1.0


def sample_posterior(key, x, t, GEN_params):
    """Tempered posterior sample for one image: short Langevin chain over pre-drawn noise."""
    key, subkey = jax.random.split(key)
    z0 = p0_sig * jax.random.normal(subkey, (z_channels,))
    key, subkey = jax.random.split(key)
    noise = jax.random.normal(subkey, (posterior_steps, z_channels))

    def langevin(z, eps):
        x_pred = jnp.tanh(GEN_params @ z)
        grad_llhood = t * GEN_params.T @ ((x - x_pred) * (1 - x_pred**2))
        grad_f = grad_llhood - z / p0_sig**2
        return z + posterior_s * grad_f + eps * jnp.sqrt(2 * posterior_s), None

    z, _ = scan(langevin, z0, noise)
    return z


batched_posterior = jax.vmap(sample_posterior, in_axes=(0, 0, None, None))


def batch_sample_posterior(key, x, t, GEN_params):
    """Returns a batch of samples from the posterior distribution at a given temperature."""
    key_batch = jax.random.split(key, batch_size + 1)
    key, subkey_batch = key_batch[0], key_batch[1:]
    z_posterior = batched_posterior(subkey_batch, x, t, GEN_params)
    return key, z_posterior


def llhood(z, x, GEN_params):
    x_pred = jnp.tanh(GEN_params @ z)
    return -jnp.sum((x - x_pred) ** 2)
batched_llhood_fn = jax.vmap(llhood, in_axes=(0, 0, None))
