"""Clean look-alike: the jittable bridge-bidding ``step`` after the fix, with
the legality check and the action dispatch written as ``jax.lax.cond``.

Source: https://github.com/sotetsuk/pgx/pull/463
The PR replaced ``if not state.legal_action_mask[action]`` / ``elif`` with
``jax.lax.cond(state.legal_action_mask[action] == 0, ...)``.

Observed on jax 0.10.2: runs
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class State:
    legal_action_mask: jnp.ndarray
    last_bid: jnp.ndarray
    passes: jnp.ndarray
    terminated: jnp.ndarray


def _illegal_step(state):
    return State(state.legal_action_mask, state.last_bid, state.passes, jnp.bool_(True))


def _state_pass(state):
    return State(state.legal_action_mask, state.last_bid, state.passes + 1, state.passes >= 2)


def _state_bid(state, action):
    mask = jnp.where(jnp.arange(38) <= action, False, state.legal_action_mask)
    return State(mask, action, jnp.int32(0), state.terminated)


@jax.jit
def step(state, action):
    return jax.lax.cond(
        state.legal_action_mask[action] == 0,
        lambda: _illegal_step(state),
        lambda: jax.lax.cond(
            action == 35,
            lambda: _state_pass(state),
            lambda: _state_bid(state, action),
        ),
    )


def run():
    state = State(jnp.ones(38, bool), jnp.int32(-1), jnp.int32(0), jnp.bool_(False))
    return step(state, jnp.int32(3))
