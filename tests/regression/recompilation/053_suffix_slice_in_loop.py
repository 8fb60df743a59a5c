"""Evaluating a jitted function on the suffix `returns[t:]` for every `t`.

Source: https://github.com/jax-ml/jax/issues/2521
Every distinct input shape is a separate compilation; suffixes of a trajectory have a different
length at every step.

Observed on jax 0.10.x: discounted_sum compiled 3 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def discounted_sum(rewards):
    return jnp.sum(rewards * 0.99 ** jnp.arange(rewards.shape[0]))


def returns_to_go(rewards):
    return [discounted_sum(rewards[t:]) for t in range(rewards.shape[0])]  # expect: JAX404


def run():
    returns_to_go(jnp.ones(3))
