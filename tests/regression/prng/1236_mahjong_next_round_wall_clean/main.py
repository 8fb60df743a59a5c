"""Mahjong environment whose next-round wall comes from `step`'s key (the fix).

Source: https://github.com/nissymori/mahjax/pull/73
Look-alike of mahjax after PR #73: `RoundState` no longer stores an rng key and
`step` threads its `key` into `_next_round`, so the second wall depends on the
seed.  `run()` counts seeds whose second wall equals seed 0's.

Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

import env

step = jax.jit(env.step)


def second_wall(seed):
    key = jax.random.PRNGKey(seed)
    key, init_key = jax.random.split(key)
    state = env.init(init_key)
    for _ in range(2):
        key, step_key = jax.random.split(key)
        state = step(state, 0, step_key)
    return state.round_state.deck


def run():
    reference = second_wall(0)
    same = 0
    for seed in (1, 7, 424242):
        same += int(bool(jnp.array_equal(second_wall(seed), reference)))
    return same
