from dataclasses import dataclass

import jax


@jax.tree_util.register_dataclass
@dataclass
class BackgammonState:
    board: jax.Array
    dice: jax.Array
    turn: jax.Array
    rng_key: jax.Array
