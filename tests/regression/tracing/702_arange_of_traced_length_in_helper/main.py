"""A position-id helper of another module builds `jnp.arange` of a traced length.

Source: https://github.com/jax-ml/jax/issues/5186
`jnp.arange` needs a concrete stop; under jit a length passed as an argument is a tracer.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp

from . import positions


@jax.jit
def embed(tokens, length):
    return tokens[: 4] + positions.position_ids(length)[: 4]


def run():
    embed(jnp.zeros(4), 4)
