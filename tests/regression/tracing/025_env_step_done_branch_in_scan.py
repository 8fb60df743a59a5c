"""An environment `step` with `if done:` rolled out by `lax.scan`.

Source: https://github.com/google/brax/issues/227
A Brax environment rollout traced its `step` through `scan` and failed on host-side code that
needed concrete values; Python branching on the episode's `done` flag fails the same way.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


class PointEnv:
    def reset(self):
        return jnp.zeros(2)

    def step(self, pos, action):
        pos = pos + action
        done = jnp.linalg.norm(pos) > 1.0
        if done:  # expect: JAX201
            pos = self.reset()
        return pos, -jnp.linalg.norm(pos)


def rollout(env, actions):
    def body(pos, action):
        return env.step(pos, action)

    return jax.lax.scan(body, env.reset(), actions)


def run():
    return rollout(PointEnv(), jnp.ones((3, 2)))
