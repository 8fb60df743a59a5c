"""JAX501, fixed: the key is split, and the noise and the mask each get their own."""

import jax
import jax.numpy as jnp


def noisy_dropout(x, key):
    noise_key, mask_key = jax.random.split(key)
    noise = jax.random.normal(noise_key, x.shape)
    keep = jax.random.bernoulli(mask_key, 0.5, x.shape)
    return jnp.where(keep, x + 0.1 * noise, 0.0), noise, keep


if __name__ == "__main__":
    print(noisy_dropout(jnp.ones(4), jax.random.PRNGKey(0)))
