"""A Python float at one call and a strongly typed `jnp.float32` at another.

Source: https://github.com/jax-ml/jax/issues/4274
A maintainer's explanation of unexpected recompiles: a Python scalar is weakly typed,
`jnp.float32(...)` is not, and jit compiles once for each.

Observed on jax 0.10.x: decay compiled 2 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def decay(params, rate):
    return params * (1.0 - rate)


def schedule(params):
    params = decay(params, 0.1)  # the first kind: JAX406 reports the later call
    params = decay(params, jnp.float32(0.2))  # expect: JAX406
    return params


def run():
    schedule(jnp.ones(3))
