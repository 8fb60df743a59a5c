"""A sweep that builds one environment per configuration and jits its `step` method.

Source: https://github.com/google-deepmind/tapnet/issues/44
Compiles follow what is baked into the function: each configuration's environment is a
different program, so one compilation per configuration is the cost of the sweep, not a
recompilation to remove (the same config is never compiled twice).

Observed on jax 0.10.x: step compiled 3 times
"""

import jax
import jax.numpy as jnp


class PendulumEnv:
    def __init__(self, gravity, dt):
        self.gravity = gravity
        self.dt = dt

    def step(self, state):
        theta, omega = state
        omega = omega - self.gravity * jnp.sin(theta) * self.dt
        return jnp.stack([theta + omega * self.dt, omega])


def evaluate(gravity, steps=5):
    env = PendulumEnv(gravity, dt=0.05)
    step = jax.jit(env.step)
    state = jnp.array([0.1, 0.0])
    for _ in range(steps):
        state = step(state)
    return state


def run():
    for gravity in (9.81, 3.72, 1.62):
        evaluate(gravity)
