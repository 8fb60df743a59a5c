from typing import NamedTuple

import jax


class RoundState(NamedTuple):
    deck: jax.Array               # int8[136] wall for the current hand
    hand_number: jax.Array        # int32[]


class State(NamedTuple):
    round_state: RoundState
    draws_left: jax.Array
