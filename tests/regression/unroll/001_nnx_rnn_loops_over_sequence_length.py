"""An NNX recurrent module loops `for t in range(x.shape[0])` over a long sequence, under jit.

Source: https://github.com/jax-ml/jax/issues/402
A Python loop over time steps is unrolled into the traced program: compile time grows with the
sequence length (`nnx.scan` / `lax.scan` compile the step once).

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp
from flax import nnx


class SimpleRNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.cell = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, xs):
        h = jnp.zeros(4)
        for t in range(xs.shape[0]):  # expect: JAX407
            h = jnp.tanh(self.cell(h) + xs[t])
        return h


@nnx.jit
def encode(model, xs):
    return model(xs)


def run():
    encode(SimpleRNN(nnx.Rngs(0)), jnp.ones((64, 4)))
