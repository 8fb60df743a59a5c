"""`jnp.linspace(t0, tf, num_steps + 1)` where `num_steps` comes from `jnp.maximum` of constants.

Source: https://github.com/jax-ml/jax/issues/5208
Under `jit`, `num_steps = jnp.maximum(jnp.abs((tf - t0) / dt), 1)` is traced even though every
input is a Python constant, so `linspace` gets a non-concrete `num`.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def grid2():
    t0, tf, dt = 0.0, 1.0, 1e-1
    num_steps = jnp.maximum(jnp.abs((tf - t0) / dt), 1)
    ts = jnp.linspace(t0, tf, num_steps + 1)  # expect: JAX204
    return ts


def run():
    return grid2()
