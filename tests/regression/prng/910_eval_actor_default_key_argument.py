"""Evaluation loop jits an actor function whose ``key`` keyword defaults to a
key created once when the function is defined.

Source: https://github.com/seohongpark/ogbench/pull/36
"speed up evaluation through optimized RNG seeding": ``supply_rng(...)`` was
replaced by ``@jax.jit def actor_fn(*args, key=jax.random.PRNGKey(
np.random.randint(0, 2**32)), **kwargs)``; the loop calls ``actor_fn`` without
a key, so every step samples with the same default key.

Observed on jax 0.10.2: 2 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


class Agent:
    def sample_actions(self, observations, seed, temperature=1.0):
        mean = jnp.tanh(observations)
        return mean + temperature * jax.random.normal(seed, mean.shape)


def evaluate(agent, observations_seq, temperature=1.0):
    @jax.jit
    def actor_fn(*args, key=jax.random.PRNGKey(np.random.randint(0, 2**32)), **kwargs):  # expect: JAX503,JAX502
        return agent.sample_actions(*args, seed=key, **kwargs)

    actions = []
    for observation in observations_seq:
        action = actor_fn(observations=observation, temperature=temperature)
        actions.append(action)
    return actions


def run():
    obs = [jnp.zeros(3) for _ in range(3)]
    actions = evaluate(Agent(), obs)
    # identical observations -> identical "random" actions every step
    return sum(int(bool(jnp.allclose(actions[0], a))) for a in actions[1:])
