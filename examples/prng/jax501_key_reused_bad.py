"""JAX501: one key feeds the noise and the dropout mask, so the mask is a function of the noise."""

import jax
import jax.numpy as jnp


def noisy_dropout(x, key):
    noise = jax.random.normal(key, x.shape)
    keep = jax.random.bernoulli(key, 0.5, x.shape)  # expect: JAX501
    return jnp.where(keep, x + 0.1 * noise, 0.0), noise, keep


if __name__ == "__main__":
    print(noisy_dropout(jnp.ones(4), jax.random.PRNGKey(0)))
