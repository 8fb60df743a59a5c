from typing import NamedTuple

import jax


class Observation(NamedTuple):
    data: jax.Array
    weights: jax.Array
