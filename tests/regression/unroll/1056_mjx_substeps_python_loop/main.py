"""MJX-style env step that runs physics substeps in a Python loop under jit.

Source: https://github.com/google-deepmind/mujoco/issues/2441
What happened: a user's jitted MJX reset/step took more than five minutes to
trace and compile; the standard advice cited in the thread is to use JAX control
flow instead of native Python loops, since each Python iteration of the
physics substep loop is traced into the program.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from env import PendulumEnv


def run():
    env = PendulumEnv(n_frames=200)
    step = jax.jit(env.step)
    state = (jnp.ones(2), jnp.zeros(2))
    state, reward = step(state, jnp.zeros(2))
    return reward
