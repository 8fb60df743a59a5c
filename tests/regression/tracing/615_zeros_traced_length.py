"""A buffer is allocated with `jnp.zeros(n)` where `n` is a traced argument.

Source: https://github.com/jax-ml/jax/issues/1822
The report notes the misleading message from `jnp.zeros` when given a
non-integer/non-concrete size ("`full` requires shapes to be concrete. If
using `jit`, try using `static_argnums`"). Rebuilt as a history buffer whose
length is passed through a jitted function.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def init_history(x0, horizon):
    hist = jnp.zeros(horizon)  # expect: JAX204
    return hist.at[0].set(x0)


def run():
    return init_history(1.0, 16)
