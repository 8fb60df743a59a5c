import jax
import jax.numpy as jnp

from state import RoundState, State

NUM_TILES = 136


def _deal(wall_key):
    return jax.random.permutation(wall_key, jnp.arange(NUM_TILES)).astype(jnp.int16)


def init(key):
    return State(
        round_state=RoundState(deck=_deal(key), hand_number=jnp.int32(0)),
        draws_left=jnp.int32(2),
    )


def _next_round(state: State, key) -> State:
    # Randomness enters through `step`, pgx style; the state carries none.
    rs = RoundState(deck=_deal(key), hand_number=state.round_state.hand_number + 1)
    return State(round_state=rs, draws_left=jnp.int32(2))


def step(state: State, action, key) -> State:
    state = state._replace(draws_left=state.draws_left - 1)
    return jax.lax.cond(
        state.draws_left <= 0,
        lambda s: _next_round(s, key),
        lambda s: s,
        state,
    )
