"""A trajectory grown with `jnp.append` in a `while` loop and passed to a jitted scorer.

Source: https://github.com/jax-ml/jax/issues/837
Inputs that grow step by step are a new shape for jit at every step; `jnp.append` returns a
longer array each time.

Observed on jax 0.10.x: score compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def score(trajectory):
    return jnp.sum(jnp.diff(trajectory) ** 2)


def rollout(x0, steps=3):
    trajectory = jnp.array([x0])
    t = 0
    while t < steps:
        trajectory = jnp.append(trajectory, trajectory[-1] * 0.9)
        score(trajectory)  # expect: JAX404
        t += 1
    return trajectory


def run():
    rollout(1.0)
