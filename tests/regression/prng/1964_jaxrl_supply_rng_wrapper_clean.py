"""jaxrl_m evaluates stochastic policies through `supply_rng(f, rng=jax.random.PRNGKey(0))`, a
wrapper that keeps the key in a closure (`nonlocal rng`) and on every call does
`rng, key = jax.random.split(rng)` before calling the jitted `sample_actions(..., seed=key)`.
The stored key is advanced on each call, so the actions of consecutive environment steps in an
evaluation episode are drawn from different keys.

Source: https://github.com/dibyaghosh/jaxrl_m/blob/54ef8acb640b3955ae1370a1a309c2ab12427dc9/jaxrl_m/evaluation.py#L9
Observed on jax 0.10.x: 0 of 6 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def supply_rng(f, rng=jax.random.PRNGKey(0)):
    def wrapped(*args, **kwargs):
        nonlocal rng
        rng, key = jax.random.split(rng)
        return f(*args, seed=key, **kwargs)

    return wrapped


@jax.jit
def sample_actions(params, observations, *, seed, temperature: float = 1.0):
    mean = jnp.tanh(observations @ params["w"])
    return jnp.clip(mean + temperature * jax.random.normal(seed, mean.shape), -1, 1)


def evaluate(policy_fn, observations, num_steps):
    actions = []
    for t in range(num_steps):
        actions.append(np.asarray(policy_fn(observations)))
    return actions


def run():
    params = {"w": np.zeros((3, 2), np.float32)}   # mean 0: the action is pure noise
    policy_fn = partial(supply_rng(partial(sample_actions, params)), temperature=1.0)
    actions = evaluate(policy_fn, np.ones((1, 3), np.float32), num_steps=7)
    return sum(int(np.array_equal(a, actions[0])) for a in actions[1:])
