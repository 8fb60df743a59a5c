"""A `lax.scan` step splits its carried key before each draw.

Source: https://github.com/jax-ml/jax/issues/2009
Splitting in the step and carrying the new key gives fresh noise every step.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def noisy_walk(key, n_steps):
    def step(carry, _):
        key, x = carry
        key, sub = jax.random.split(key)
        x = x + jax.random.normal(sub, ())
        return (key, x), x

    _, path = jax.lax.scan(step, (key, jnp.array(0.0)), None, length=n_steps)
    return path


def run():
    noisy_walk(jax.random.key(0), 3)
