"""skrl's JAX GaussianNoise keeps a module-level helper `_sample` jitted with
`static_argnames=("shape")`, and `GaussianNoise.sample(size)` forwards `size` to it. The
docstring says `size` may be a "tuple or list of integers", so an exploration loop in a DDPG-style
agent passes the action shape as a list built from the config. The list lands on the static
`shape` argument and jit refuses to hash it on the very first exploration step.

Source: https://github.com/Toni-SM/skrl/blob/11fc5389b242a44317d301ec298e3be46f3deb13/skrl/resources/noises/jax/gaussian.py
Observed on jax 0.10.x: raises ValueError
"""
import jax.numpy as jnp

from noises import GaussianNoise

NUM_ENVS = 4
ACTION_DIM = 2


def explore(actions, noise):
    size = [NUM_ENVS, ACTION_DIM]
    return actions + noise.sample(size)  # expect: JAX302


def run():
    noise = GaussianNoise(mean=0.0, std=0.1)
    actions = jnp.zeros((NUM_ENVS, ACTION_DIM))
    for _ in range(3):
        actions = explore(actions, noise)
    return actions
