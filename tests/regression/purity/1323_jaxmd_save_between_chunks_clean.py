"""A jax-md user wanted to store intermediate simulation states on disk without slowing the
jitted simulation. The maintainer's advice: `np.save` does not work inside a jit block, so jit a
chunk of steps (a `fori_loop` over the integrator) and save the positions between chunks, from
Python. The saving happens on concrete arrays outside the compiled function.

Source: https://github.com/jax-md/jax-md/issues/30
Observed on jax 0.10.x: runs
"""
import io

import jax
import jax.numpy as jnp
import numpy as onp

STEPS_PER_CHUNK = 50


def apply_fn(state, dt=1e-3):
    R, V = state
    F = -R
    return (R + dt * V, V + dt * F)


@jax.jit
def simulate_chunk(state):
    return jax.lax.fori_loop(0, STEPS_PER_CHUNK, lambda i, s: apply_fn(s), state)


def run():
    state = (jnp.ones((16, 2)), jnp.zeros((16, 2)))
    buffer = io.BytesIO()
    for chunk in range(4):
        state = simulate_chunk(state)
        onp.save(buffer, onp.asarray(state[0]))
