"""Trajectory returned as the scan output instead of being saved from the loop.

Source: https://github.com/jax-md/jax-md/issues/172
What happened: the issue describes recording a trajectory by returning
positions from lax.scan (`apply_many_steps` returns `state, state.position`)
rather than writing to disk from inside the jitted simulation loop.
Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from integrate import simulate


def run():
    state = (jnp.ones(3), jnp.zeros(3))
    final, trajectory = simulate(state, jnp.zeros(5))
    return trajectory
