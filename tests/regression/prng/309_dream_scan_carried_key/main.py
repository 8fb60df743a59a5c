"""Dream loop uses the carried key both to seed the rollout and as the next scan carry.

Source: https://github.com/SlopDotCash/asi/pull/161
The PR (closing the bug report it links) describes a scan-based dreaming loop: after
`key, candidate_key = jr.split(key)`, the post-split `key` seeds the imagined rollout
and is also returned in the carry, so the next dream's candidate key is bit-for-bit the
rollout's sample key of the previous dream.  The fix splits three ways.  Here the
planner (planner.py) and world model (world_model.py) reproduce that layout.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from planner import dream_jit


def run():
    cand_keys, rollout_keys = dream_jit(jax.random.key(7), jnp.zeros(2), 4)
    cand = jax.random.key_data(cand_keys)
    roll = jax.random.key_data(rollout_keys)
    # dream i+1's candidate key == dream i's rollout sample key
    return sum(bool(jnp.array_equal(cand[i + 1], roll[i])) for i in range(3))
