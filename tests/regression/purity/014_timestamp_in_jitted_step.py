"""A wall-clock timestamp taken inside a jitted step.

Source: https://github.com/bardhh/cbfkit/pull/237
The project added timing diagnostics around JAX compilation; `time.time()` inside the jitted
function itself is evaluated once while tracing and frozen into the compiled code.

Observed on jax 0.10.x: a distinct timestamp in 1 of 3 calls
"""

import time

import jax
import jax.numpy as jnp


@jax.jit
def simulate_step(state, control):
    started = time.time()  # expect: JAX106
    new_state = state + 0.01 * control
    return new_state, started


def run():
    stamps = set()
    state = jnp.zeros(2)
    for _ in range(3):
        state, started = simulate_step(state, jnp.ones(2))
        stamps.add(float(started))
        time.sleep(0.01)
    return len(stamps)
