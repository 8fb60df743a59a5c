"""PPO utilities for a CartPole agent: discounted returns are computed with a
reverse `jax.lax.scan` over (reward, done) pairs instead of a Python loop over the
episode, and the function is jitted. Looks like a per-timestep backup loop, but
the episode length never unrolls into the graph.

Source: https://github.com/james-ralph8555/jax-rl-demo/blob/7502810205fc1c8deabe66100b4cfb7cf384f4cc/src/agent/utils.py#L26-L55
Observed on jax 0.10.x: discount_rewards compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("gamma",))
def discount_rewards(rewards: jnp.ndarray, dones: jnp.ndarray, gamma: float = 0.99) -> jnp.ndarray:
    """Compute discounted rewards with bootstrapping."""
    def _discount_scan(carry, inp):
        reward, done = inp
        new_carry = jnp.where(done, 0.0, carry) * gamma + reward
        return new_carry, new_carry

    # Reverse scan for proper discounting
    _, discounted = jax.lax.scan(
        _discount_scan,
        jnp.zeros_like(rewards[-1]),
        (rewards, dones),
        reverse=True,
    )
    return discounted


def run():
    rewards = jnp.ones((200,))
    dones = jnp.zeros((200,), dtype=bool).at[99].set(True)
    for _ in range(3):
        out = discount_rewards(rewards, dones, gamma=0.99)
    return None if float(out[-1]) == 1.0 else "bad return"
