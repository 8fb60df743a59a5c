"""`jnp.arange(n)` sized by the loop variable and passed to a jitted function.

Source: https://github.com/netket/netket/issues/477
A network evaluated on inputs whose size changed every iteration spent most of its time
recompiling: each new size is a new shape for jit.

Observed on jax 0.10.x: log_amplitude compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def log_amplitude(weights, config):
    return jnp.sum(jnp.tanh(config * weights[: config.shape[0]]))


def sweep(weights):
    values = []
    for n in range(1, 4):
        values.append(log_amplitude(weights, jnp.arange(n)))  # expect: JAX404
    return values


def run():
    sweep(jnp.ones(8))
