"""`print` in a Flax linen module's `__call__`, run through a jitted `model.apply`.

Source: https://github.com/google/flax/issues/743
Linen's `apply` runs the module's `__call__`; when the prediction function that calls `apply` is
jitted, the print shows a tracer on the first call only.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import flax.linen as nn
import jax
import jax.numpy as jnp


class MLP(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.features)(x))
        print("hidden:", x)  # expect: JAX101
        return nn.Dense(1)(x)


model = MLP()


@jax.jit
def predict(params, x):
    return model.apply(params, x)


def run():
    x = jnp.ones((2, 3))
    with contextlib.redirect_stdout(io.StringIO()):
        params = model.init(jax.random.key(0), x)
    printed = 0
    for i in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            predict(params, x * i)
        printed += bool(out.getvalue())
    return printed
