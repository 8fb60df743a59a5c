"""An `isinstance(x, jax.Array)` branch does not protect a Python `if` on the value.

Source: https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerBoolConversionError
Under `jit` the argument is a tracer, which is a `jax.Array`: the branch is the traced one,
and `if x > 0` there converts a traced boolean to a Python bool.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.jit
def relu_scalar(x):
    if isinstance(x, jax.Array):
        if x > 0:  # expect: JAX201
            return x
        return jnp.zeros_like(x)
    return max(x, 0)


def run():
    relu_scalar(jnp.float32(1.0))
