"""A vmapped `train(rng)` uses its key for the network init, then replaces it with `PRNGKey(0)`.

Source: https://github.com/luchris429/purejaxrl/blob/main/purejaxrl/dqn.py
`rng = jax.random.PRNGKey(0)  # use a dummy rng here` after the first split makes everything
drawn afterwards identical across the vmapped seeds.

Observed on jax 0.10.x: distinct in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


def train(rng):
    rng, init_rng = jax.random.split(rng)
    params = jax.random.normal(init_rng, (2,))
    rng = jax.random.PRNGKey(0)  # expect: JAX502
    rng, explore_rng = jax.random.split(rng)
    epsilon_draw = jax.random.uniform(explore_rng)
    return params, epsilon_draw


def run():
    _, draws = jax.vmap(train)(jax.random.split(jax.random.PRNGKey(1), 3))
    return len(set(draws.tolist()))
