from typing import NamedTuple

import jax
import jax.numpy as jnp


class RoundState(NamedTuple):
    deck: jax.Array               # int8[136] wall for the current hand
    hand_number: jax.Array        # int32[]
    # Randomness for the *next* reshuffle.  Never seeded by `init`: it keeps
    # the dataclass default below for the whole game.
    rng_key: jax.Array = jax.random.PRNGKey(0)


class State(NamedTuple):
    round_state: RoundState
    draws_left: jax.Array
