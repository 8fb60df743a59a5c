"""Fully jitted simulation loop with a static step function and step budget.

Source: https://torax.readthedocs.io/en/v1.3.0/jitted_simulation.html
What happened: TORAX documents ``run_loop_jit(step_fn=..., max_steps=...)``:
max_steps is a constant Python int so the graph has a fixed size, and the step
function is built once and reused; both are hashable static arguments.
Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from loop import run_loop_jit
from stepper import make_step_fn


def run():
    step_fn = make_step_fn(0.5, 0.1)
    profile = jnp.exp(-jnp.linspace(-2, 2, 16) ** 2)
    final, history = run_loop_jit(profile, step_fn=step_fn, max_steps=100)
    final, history = run_loop_jit(final, step_fn=step_fn, max_steps=100)
    return final.sum() + history.sum()
