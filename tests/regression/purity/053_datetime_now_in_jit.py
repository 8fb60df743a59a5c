"""`datetime.now()` stamped into the output of a jitted function.

Source: https://github.com/bardhh/cbfkit/pull/237
Timing and timestamps belong on the host around the jitted call; inside it, the clock is read
once while tracing and the compiled function returns that value forever.

Observed on jax 0.10.x: a distinct timestamp in 1 of 3 calls
"""

import time
from datetime import datetime

import jax
import jax.numpy as jnp


@jax.jit
def stamped_state(state):
    stamp = datetime.now().timestamp()  # expect: JAX106
    return state + 1.0, stamp


def run():
    stamps = set()
    state = jnp.zeros(2)
    for _ in range(3):
        state, stamp = stamped_state(state)
        stamps.add(float(stamp))
        time.sleep(0.01)
    return len(stamps)
