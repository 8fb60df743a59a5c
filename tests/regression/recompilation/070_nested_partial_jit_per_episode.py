"""A `@partial(jax.jit, static_argnums=1)` function defined inside `run_episode`.

Source: https://github.com/patrick-kidger/equinox/issues/307
A decorated nested function is a new function at every call of its parent: each episode
compiles the policy again.

Observed on jax 0.10.x: act compiled 3 times
"""

import functools

import jax
import jax.numpy as jnp


def run_episode(weights, observations):
    @functools.partial(jax.jit, static_argnums=1)
    def act(obs, greedy):
        logits = weights @ obs
        return jnp.argmax(logits) if greedy else jax.nn.softmax(logits)

    return [act(obs, True) for obs in observations]  # expect: JAX402


def run():
    weights = jnp.eye(3)
    for _ in range(3):
        run_episode(weights, [jnp.ones(3), jnp.zeros(3)])
