"""A `lax.scan` step carries a key and draws from it without splitting.

Source: https://github.com/jax-ml/jax/issues/2009
The carried key is returned unchanged, so every step of the scan draws the same noise.

Observed on jax 0.10.x: distinct in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


def noisy_walk(key, n_steps):
    def step(carry, _):
        key, x = carry
        x = x + jax.random.normal(key, ())  # expect: JAX501,JAX503
        return (key, x), x

    _, path = jax.lax.scan(step, (key, jnp.array(0.0)), None, length=n_steps)
    return path


def run():
    path = noisy_walk(jax.random.key(0), 3)
    return len(set(jnp.diff(jnp.concatenate([jnp.zeros(1), path])).round(5).tolist()))
