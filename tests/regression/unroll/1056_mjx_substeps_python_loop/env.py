import jax
import jax.numpy as jnp

from physics import physics_step


class PendulumEnv:
    def __init__(self, n_frames):
        self._physics_steps_per_control_step = n_frames

    def step(self, state, action):
        qpos, qvel = state
        for _ in range(self._physics_steps_per_control_step):  # expect: JAX407
            qpos, qvel = physics_step(qpos, qvel, action)
        reward = -jnp.sum(qpos ** 2)
        return (qpos, qvel), reward
