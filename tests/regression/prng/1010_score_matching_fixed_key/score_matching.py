import jax
import jax.numpy as jnp


def perturb_inputs(x, sigma, key):
    """Perturb the inputs with Gaussian noise of scale sigma."""
    noise_key = jax.random.PRNGKey(0)  # expect: JAX502
    return x + sigma * jax.random.normal(noise_key, x.shape)


def sliced_loss(x, sigmas, key):
    keys = jax.random.split(key, sigmas.shape[0])
    perturbed = jax.vmap(lambda s, k: perturb_inputs(x, s, k))(sigmas, keys)
    return jnp.mean(perturbed ** 2)
