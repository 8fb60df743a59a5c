"""Host-side logging through io_callback from a jitted step.

Source: https://github.com/jax-ml/jax/pull/13759
What happened: the IO callback PR adds jax.experimental.io_callback so that a
staged-out computation can mutate host state (its test is
test_io_callback_can_mutate_state); the host function runs on every call.
run() returns how many host log entries were recorded across three calls.
Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

HOST_LOG = []


def _record(loss):
    HOST_LOG.append(float(loss))
    return np.int32(len(HOST_LOG))


@jax.jit
def step(w):
    loss = jnp.sum(w ** 2)
    io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), loss, ordered=True)
    return w * 0.5


def run():
    HOST_LOG.clear()
    w = jnp.ones(2)
    for _ in range(3):
        w = step(w)
    jax.effects_barrier()
    return len(HOST_LOG)
