"""The step budget is passed into a jitted solve as a traced argument.

Source: https://github.com/patrick-kidger/diffrax/issues/379
Wrapping a diffrax solve for FLOP counting, the user passed `max_steps` as an
argument of the jitted function; the solver's `if max_steps == 1:` then
raised TracerBoolConversionError ("Attempted boolean conversion of traced
array with shape bool[]"). Rebuilt with a small solver module and a
user-side jitted wrapper (diffrax not installed).

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from .solver import diffeqsolve


def decay(t, y):
    return -y


@jax.jit
def simulate(y0, max_steps):
    return diffeqsolve(decay, 0.0, 1.0, y0, 0.01, max_steps=max_steps)


def run():
    return simulate(jnp.ones(3), 256)
