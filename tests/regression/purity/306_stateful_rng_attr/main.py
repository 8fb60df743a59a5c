"""A global stateful RNG object whose key attribute is advanced inside jitted code.

Source: https://github.com/jax-ml/jax/issues/20082
The report builds a `StatefulRNG` class that reads `self.key`, splits it and stores the
new key back on the object from inside a jitted function (there through
jax.experimental.attrs).  Written with plain attribute assignment, the split key stored
on the object is a tracer from the jit trace; the next eager use of the object touches
a leaked tracer.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax.numpy as jnp

from .model import RNG, forward


def run():
    params = {"w": jnp.ones((3, 4))}
    x = jnp.ones((2, 3))
    forward(params, x).block_until_ready()
    # eager code (e.g. evaluation) asks the same RNG object for a key
    return RNG.next_key()
