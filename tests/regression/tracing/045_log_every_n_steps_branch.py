"""`if step % log_every == 0:` inside a jitted train step that receives `step` as an argument.

Source: https://jax.readthedocs.io/en/latest/errors.html
Traced values used in Python control flow raise; a step counter passed to the jitted step is
traced like any other argument, so periodic logic must live outside or use `lax.cond`.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("log_every",))
def train_step(params, grads, step, log_every=100):
    params = params - 0.01 * grads
    if step % log_every == 0:  # expect: JAX201
        params = params * 1.0
    return params


def run():
    return train_step(jnp.ones(2), jnp.ones(2), 0)
