"""Octo's evaluation callbacks wrap the jitted policy with `supply_rng(f, rng=PRNGKey(0))`,
a closure that does `nonlocal rng; rng, key = jax.random.split(rng)` on every call and
passes the fresh `key` as `rng=` to `sample_actions`. The default key object is shared,
but the closure advances its own copy each call, so consecutive rollouts sample
different actions.

Source: https://github.com/octo-models/octo/blob/241fb3514b7c40957a86d869fecb7c7fc353f540/octo/utils/train_callbacks.py#L139
Observed on jax 0.10.x: 0 of 3 calls
"""
import functools

import jax
import jax.numpy as jnp


def supply_rng(f, rng=jax.random.PRNGKey(0)):
    def wrapped(*args, **kwargs):
        nonlocal rng
        rng, key = jax.random.split(rng)
        return f(*args, rng=key, **kwargs)

    return wrapped


@functools.partial(jax.jit, static_argnames=("sample_shape",))
def sample_actions(params, observations, sample_shape=(), rng=None, temperature=1.0):
    mean = jnp.tanh(observations @ params)
    noise = jax.random.normal(rng, sample_shape + mean.shape)
    return mean + temperature * noise


def run():
    params = jnp.ones((5, 7)) * 0.1
    policy_fn = supply_rng(functools.partial(sample_actions, params))
    obs = jnp.ones((1, 5))
    actions = [policy_fn(obs, sample_shape=(2,)) for _ in range(4)]
    return sum(bool(jnp.array_equal(a, b)) for a, b in zip(actions, actions[1:]))
