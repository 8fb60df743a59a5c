"""Diffusion-forcing noise: the noise level and the noise itself drawn from one subkey.

Source: https://github.com/p-doom/jasmine/pull/214
In jasmine's dynamics model the PR split `rng` once and then used `_rng_noise`
both for `noise_level_B = uniform(...)` and for `noise_BTNM = normal(...)`;
the reviewer flagged "Do not reuse rng keys". With one key the two draws
consume the same random bits, so per example the Gaussian noise is a monotone
function of its noise level (here with T=N=M=1 so the bit counts line up).

Observed on jax 0.10.2: 4 of 4 calls
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class DynamicsConfig(NamedTuple):
    max_noise_level: float = 0.7
    mask_token: float = 0.0


def add_noise(cfg, vid_embed_BTNM, rng):
    B, T, N, M = vid_embed_BTNM.shape
    # --- Sample noise ---
    rng, _rng_noise = jax.random.split(rng)
    noise_level_B = jax.random.uniform(_rng_noise, shape=(B,), minval=0.0, maxval=cfg.max_noise_level)
    noise_BTNM = jax.random.normal(_rng_noise, shape=(B, T, N, M))  # expect: JAX501
    noised = vid_embed_BTNM + noise_level_B[:, None, None, None] * noise_BTNM
    return noised, noise_level_B, noise_BTNM, rng


def run():
    cfg = DynamicsConfig()
    x = jnp.zeros((16, 1, 1, 1))
    rng = jax.random.key(0)
    same_order = 0
    for _ in range(4):
        _, level, noise, rng = add_noise(cfg, x, rng)
        same_order += bool(jnp.all(jnp.argsort(level) == jnp.argsort(noise.reshape(-1))))
    return same_order
