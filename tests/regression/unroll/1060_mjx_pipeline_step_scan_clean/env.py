import jax
import jax.numpy as jnp

from physics import physics_step


class PendulumEnv:
    def __init__(self, n_frames):
        self._physics_steps_per_control_step = n_frames

    def pipeline_step(self, state, ctrl):
        def f(s, _):
            return physics_step(s[0], s[1], ctrl), None

        state, _ = jax.lax.scan(f, state, (), self._physics_steps_per_control_step)
        return state

    def step(self, state, action):
        qpos, qvel = self.pipeline_step(state, action)
        return (qpos, qvel), -jnp.sum(qpos ** 2)
