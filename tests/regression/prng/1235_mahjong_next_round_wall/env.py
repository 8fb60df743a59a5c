import jax
import jax.numpy as jnp

from state import RoundState, State

NUM_TILES = 136


def _deal(wall_key):
    return jax.random.permutation(wall_key, jnp.arange(NUM_TILES)).astype(jnp.int16)


def init(key):
    """Starts a game; the first wall comes from the caller's key."""
    return State(
        round_state=RoundState(deck=_deal(key), hand_number=jnp.int32(0)),
        draws_left=jnp.int32(2),
    )


def _next_round(state: State) -> State:
    # Reshuffle for the next hand from the state's own (unseeded) key.
    rng, subkey = jax.random.split(state.round_state.rng_key)
    rs = RoundState(
        deck=_deal(rng),
        hand_number=state.round_state.hand_number + 1,
        rng_key=subkey,
    )
    return State(round_state=rs, draws_left=jnp.int32(2))


def step(state: State, action, key) -> State:
    del key  # expect: JAX502
    state = state._replace(draws_left=state.draws_left - 1)
    return jax.lax.cond(state.draws_left <= 0, _next_round, lambda s: s, state)
