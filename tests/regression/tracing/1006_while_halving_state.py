"""Python while loop whose exit condition reads a traced NamedTuple field.

Source: https://crackedaicode.com/problems/jax-while-loop-vs-python-while
What happened: the problem page explains that leaving a Python `while` whose
condition touches a traced value (`while x > 1.0`) under jit raises a
concretization error; the fix is lax.while_loop.
Observed on jax 0.10.2: raises TracerBoolConversionError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Iterate(NamedTuple):
    x: jax.Array
    count: jax.Array


def iterate_until(state: Iterate, threshold):
    while state.x >= threshold:  # expect: JAX201
        state = Iterate(state.x * 0.9, state.count + 1)
    return state.count.astype(jnp.float32)


def run():
    safe_iterate_until = jax.jit(iterate_until)
    return safe_iterate_until(Iterate(jnp.float32(10.0), jnp.int32(0)), jnp.float32(1.0))
