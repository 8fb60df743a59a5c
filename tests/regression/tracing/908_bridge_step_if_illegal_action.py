"""Bridge bidding ``step`` dispatches on the action with Python
``if``/``elif`` over traced values of the state.

Source: https://github.com/sotetsuk/pgx/pull/463
"[BridgeBidding] Change each function to be jittable": the original step did
``if not state.legal_action_mask[action]: return _illegal_step(state)`` then
``elif action == 35`` ...; the PR rewrote it with ``jax.lax.cond``/``switch``.

Observed on jax 0.10.2: raises TracerBoolConversionError
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
    mask = state.legal_action_mask.at[: action + 1].set(False)
    return State(mask, action, jnp.int32(0), state.terminated)


@jax.jit
def step(state, action):
    if not state.legal_action_mask[action]:  # expect: JAX201
        return _illegal_step(state)
    elif action == 35:  # expect: JAX201
        return _state_pass(state)
    return _state_bid(state, action)


def run():
    state = State(jnp.ones(38, bool), jnp.int32(-1), jnp.int32(0), jnp.bool_(False))
    return step(state, jnp.int32(3))
