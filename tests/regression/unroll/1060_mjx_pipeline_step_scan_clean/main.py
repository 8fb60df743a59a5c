"""MJX environment stepping its physics substeps with lax.scan.

Source: https://github.com/google-deepmind/mujoco/issues/1258
What happened: the MJX tutorial implements frame skipping as
``pipeline_step``, which scans ``mjx.step`` for
``_physics_steps_per_control_step`` iterations; the issue asks for an ``nstep``
argument because the scan form is harder to read, but it compiles the step once.
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
