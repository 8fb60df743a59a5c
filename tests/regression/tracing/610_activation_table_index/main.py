"""A layer picks its activation from a Python tuple using a traced index.

Source: https://github.com/jax-ml/jax/pull/5853
The PR improves the error for `jax.jit(lambda i: [1, 2, 3][i])(0)`: a tracer
used as a Python list/tuple index calls `__index__` and raises
TracerIntegerConversionError. Rebuilt as a configurable MLP whose per-layer
activation id travels in the params pytree; the lookup sits in a layers
module and the jitted forward lives in main.

Observed on jax 0.10.2: raises TracerIntegerConversionError
"""
import jax
import jax.numpy as jnp

from .layers import dense


@jax.jit
def forward(params, x):
    for layer in params:
        x = dense(layer, x)
    return x


def run():
    params = [{"w": jnp.eye(2), "act_id": 1}, {"w": jnp.eye(2), "act_id": 0}]
    return forward(params, jnp.ones((1, 2)))
