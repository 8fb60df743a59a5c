"""Discounted reward-to-go computed with lax.scan in reverse.

Source: https://github.com/jax-ml/jax/issues/810
The lax.scan formulation from the same benchmark: one scan over the rewards in
reverse, so the compiled program has a single loop body regardless of the
trajectory length.

Observed on jax 0.10.2: reward_to_go compiled 1 time
"""
import jax
import jax.numpy as jnp


@jax.jit
def reward_to_go(rews, gamma):
    def step(acc, r):
        acc = r + gamma * acc
        return acc, acc

    _, out = jax.lax.scan(step, jnp.zeros((), rews.dtype), rews, reverse=True)
    return out


def run():
    rews = jnp.ones(120)
    return reward_to_go(rews, 0.99)
