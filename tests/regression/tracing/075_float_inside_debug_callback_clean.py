"""`float(v)` inside a `jax.debug.callback` host function: host code, concrete values.

Source: https://github.com/michael-0brien/cryojax/issues/5
The `jax.debug` route for logging: the callback runs on the host with concrete arrays, so
converting to Python floats there is ordinary Python.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp

losses = []


def _record(v):
    losses.append(float(v))


@jax.jit
def step(w, x):
    loss = jnp.sum((x @ w) ** 2)
    jax.debug.callback(_record, loss)
    return w - 0.1 * jax.grad(lambda p: jnp.sum((x @ p) ** 2))(w)


def run():
    step(jnp.ones(3), jnp.ones((2, 3)))
    jax.effects_barrier()
