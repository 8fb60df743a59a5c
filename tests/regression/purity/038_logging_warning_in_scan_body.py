"""`logging.warning` in the body of a `lax.scan` inside a jitted rollout.

Source: https://github.com/jax-ml/jax/issues/136
Logging from traced programs happens at trace time; a warning in a scan body is emitted once
per compilation, not per step or per call.

Observed on jax 0.10.x: logged in 1 of 3 calls
"""

import logging

import jax
import jax.numpy as jnp


def body(carry, x):
    logging.warning("clipping step %s", x)  # expect: JAX102
    return carry + jnp.clip(x, -1.0, 1.0), None


@jax.jit
def rollout(xs):
    total, _ = jax.lax.scan(body, 0.0, xs)
    return total


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = 0

    def emit(self, record):
        self.records += 1


def run():
    handler = _Count()
    root = logging.getLogger()
    root.addHandler(handler)
    logged = 0
    try:
        for scale in (1.0, 2.0, 3.0):
            before = handler.records
            rollout(scale * jnp.ones(3))
            logged += handler.records > before
    finally:
        root.removeHandler(handler)
    return logged
