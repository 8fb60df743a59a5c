"""`print` in an `nnx.Module.__call__` reached from an `nnx.jit` evaluation step.

Source: https://github.com/google/flax/issues/4045
NNX modules are plain Python objects called from jitted steps; their methods run at trace time,
so a print of the features appears only when the step compiles.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(3, 4, rngs=rngs)

    def __call__(self, x):
        features = nnx.relu(self.proj(x))
        print("encoder features:", features)  # expect: JAX101
        return features


@nnx.jit
def eval_step(encoder, x):
    return encoder(x).sum()


def run():
    encoder = Encoder(nnx.Rngs(0))
    printed = 0
    for i in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            eval_step(encoder, jnp.ones((2, 3)) * i)
        printed += bool(out.getvalue())
    return printed
