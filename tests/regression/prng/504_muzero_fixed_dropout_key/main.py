"""A MuZero learner's train step builds its dropout key from a constant instead of ``rng``.

Source: https://github.com/hr0nix/omega/pull/14
Report: "Fix rng usage" -- while fixing PPO after flax changed its RNG-passing conventions the
author "discovered that RNGs in MuZero has been broken as well: all the networks used a fixed
key"; correcting it changed training dynamics (dropout had effectively been a fixed mask).
run() calls the train step with three different rngs and counts calls whose gradient equals
the first call's (identical dropout mask).

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from learner import train_step


def run():
    k = jax.random.PRNGKey(3)
    params = {"w1": jax.random.normal(k, (6, 16)), "w2": jnp.ones((16, 1))}
    latent = jnp.ones((4, 6))
    target = jnp.zeros((4, 1))
    rng = jax.random.PRNGKey(42)
    first = None
    same = 0
    for _ in range(3):
        rng, step_rng = jax.random.split(rng)
        grads, _ = train_step(params, latent, target, step_rng)
        g = np.asarray(grads["w1"])
        if first is None:
            first = g
        if np.array_equal(g, first):
            same += 1
    return same
