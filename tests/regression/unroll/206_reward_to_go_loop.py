"""Discounted reward-to-go computed with a reversed Python loop inside jit.

Source: https://github.com/jax-ml/jax/issues/810
"`lax.scan` is ~6x slower to run than hand-written loops": the benchmark compared
`reward_to_go` written as a jitted hand-written loop over the rewards against a
lax.scan version. The hand-written loop's trip count is the trajectory length
(`rews.shape[0]`), so the jitted function unrolls one update per time step and its
compile time grows with the episode length.

Observed on jax 0.10.2: reward_to_go compiled 1 time
"""
import jax
import jax.numpy as jnp


@jax.jit
def reward_to_go(rews, gamma):
    n = rews.shape[0]
    out = jnp.zeros_like(rews)
    acc = 0.0
    for t in reversed(range(n)):  # expect: JAX407
        acc = rews[t] + gamma * acc
        out = out.at[t].set(acc)
    return out


def run():
    rews = jnp.ones(120)
    return reward_to_go(rews, 0.99)
