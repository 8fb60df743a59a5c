"""`del` of an entry of an outer dict inside a jitted function.

Source: https://github.com/jax-ml/jax/pull/5905
Mutating outer Python containers is a side effect outside the jaxpr: it happens during tracing
only, so later calls do not delete anything.

Observed on jax 0.10.x: deleted in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

pending = {}


@jax.jit
def consume(x):
    del pending["request"]  # expect: JAX104
    return x * 2


def run():
    deleted = 0
    for _ in range(3):
        pending["request"] = 1
        consume(jnp.ones(2))
        deleted += "request" not in pending
    return deleted
