"""Fully jitted simulation loop bounded by a static max_steps.

Source: https://torax.readthedocs.io/en/v1.3.0/jitted_simulation.html
What happened: TORAX's run_loop_jit exits after at most max_steps, "needed to
provide a constant size graph for JAX to compile"; the data-dependent stop
condition lives inside lax.while_loop rather than a Python loop.
Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp

from stepping import make_step_fn, run_loop_jit


def run():
    step_fn = make_step_fn(0.1)
    loop = jax.jit(partial(run_loop_jit, step_fn), static_argnames="max_steps")
    state, n = loop((jnp.float32(0.0), jnp.float32(10.0)), jnp.float32(1.0), max_steps=100)
    return state[1]
