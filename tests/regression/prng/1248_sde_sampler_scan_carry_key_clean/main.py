"""Reverse-SDE sampler draws each step's noise from the split-off subkey (the fix).

Source: https://github.com/bb515/diffusionjax/commit/038008b18efa1b58f119defe07a6aa2ddb263505
Look-alike of diffusionjax's `EulerMaruyama` sampler after commit 038008b:
inside the `lax.scan` body the carried key is split, the carry keeps the first
output and the step's noise uses `step_rng`.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from .samplers import EulerMaruyama
from .sde import OU


def score(x, t):
    return -x


sampler = EulerMaruyama(OU(beta=2.0), score, num_steps=40)
sample = jax.jit(sampler.sample, static_argnums=(1, 2))


def run():
    xs = sample(jax.random.PRNGKey(0), 16, 2)
    return xs.block_until_ready()
