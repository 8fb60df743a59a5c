"""An `nnx.Module.__call__` turns a statistic into a Python float; the step is `nnx.jit`-ed.

Source: https://github.com/google/flax/issues/4045
Inside `nnx.jit` the module's inputs are tracers; `float(x.std())` asks for a concrete value.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax.numpy as jnp
from flax import nnx


class Standardize(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, x):
        spread = float(x.std())  # expect: JAX202
        return self.linear(x / (spread + 1e-6))


@nnx.jit
def predict(model, x):
    return model(x)


def run():
    predict(Standardize(nnx.Rngs(0)), jnp.ones((2, 3)))
