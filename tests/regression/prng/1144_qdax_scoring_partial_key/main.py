"""QDax binds one key into the unroll partial, so every policy of the population sees the same noise.

Source: https://github.com/adaptive-intelligent-robotics/QDax/commit/cdb95731d311ac4f4cce3afdf004f76fd0827c5e
("Fix brax and jumaji scoring functions by not passing the key to the partial")

``scoring_function_brax_envs`` split per-policy keys for the resets, but built
``unroll_fn = partial(generate_unroll, ..., key=key)`` and then
``jax.vmap(unroll_fn)(init_states, policies_params)``: the key is closed over, not
mapped, so all vmap lanes (all individuals) step their stochastic episode with
the same key sequence. The fix splits ``key`` into one key per policy and vmaps
over them. Here the per-step action noise of each individual is compared with
individual 0.

Observed on jax 0.10.2: 5 of 5 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from .brax_envs import scoring_function_brax_envs
from .rollout import make_play_step_fn

POP, OBS = 6, 4

scoring_fn = jax.jit(partial(
    scoring_function_brax_envs,
    episode_length=10,
    play_reset_fn=lambda k: jax.random.uniform(k, (OBS,), minval=-1.0, maxval=1.0),
    play_step_fn=make_play_step_fn(),
))


def run():
    policies = {"w": 0.3 * jax.random.normal(jax.random.key(1), (POP, OBS, OBS))}
    _, _, extra = scoring_fn(policies, jax.random.key(0))
    noise = np.asarray(extra["transitions"].action_noise)
    return sum(int(np.allclose(noise[0], noise[i])) for i in range(1, POP))
