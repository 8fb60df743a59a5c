"""A `jnp.zeros((t, d))` buffer sized by the loop step passed to a jitted function.

Source: https://github.com/netket/netket/issues/477
Inputs whose size changes every iteration make jit compile every iteration; most of the
runtime went to recompilation.

Observed on jax 0.10.x: attend compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def attend(query, memory):
    return jax.nn.softmax(memory @ query) @ memory


def unroll(query, steps=3):
    outputs = []
    for t in range(1, steps + 1):
        memory = jnp.zeros((t, 4)) + 1.0
        outputs.append(attend(query, memory))  # expect: JAX404
    return outputs


def run():
    unroll(jnp.ones(4))
