"""Clean look-alike: each dream splits three ways and the rollout gets its own key.

Source: https://github.com/SlopDotCash/asi/pull/161
The PR's fix: `key, candidate_key, rollout_key = jr.split(key, 3)`.

Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

from planner import dream_jit


def run():
    cand_keys, rollout_keys = dream_jit(jax.random.key(7), jnp.zeros(2), 4)
    cand = jax.random.key_data(cand_keys)
    roll = jax.random.key_data(rollout_keys)
    return sum(bool(jnp.array_equal(cand[i + 1], roll[i])) for i in range(3))
