"""A test parametrized over environment instances jits `env.step` inside its rollout loop:
`env` is an instance in every case, so `env.step` is a new bound method on every iteration and
jit traces and compiles it again each time.

Source: https://github.com/google/brax/blob/main/brax/fluid_test.py (the same loop over
`pipeline.step`, there with modules); the bound-method form is JAX's FAQ on jitting methods.

Observed on jax 0.10.x: step compiled 6 times
"""

import jax
import jax.numpy as jnp
import pytest


class PointEnv:
    def step(self, state):
        return state + 1.0


class DecayEnv:
    def step(self, state):
        return state * 0.5


@pytest.mark.parametrize("env", [PointEnv(), DecayEnv()])
def test_rollout(env):
    state = jnp.zeros(3)
    for _ in range(3):
        state = jax.jit(env.step)(state)  # expect: JAX401
    return state


def run():
    for env in (PointEnv(), DecayEnv()):
        test_rollout(env)
