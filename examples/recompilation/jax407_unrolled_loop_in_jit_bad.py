"""JAX407: the GAE recursion is a Python loop inside jit: one copy of the body per time step."""

import jax
import jax.numpy as jnp


@jax.jit
def gae(rewards: jax.Array, values: jax.Array, dones: jax.Array):
    advantages = []
    last = jnp.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0] - 1)):  # expect: JAX407
        delta = rewards[t] + 0.99 * values[t + 1] * (1 - dones[t]) - values[t]
        last = delta + 0.99 * 0.95 * (1 - dones[t]) * last
        advantages.insert(0, last)
    return jnp.stack(advantages)


if __name__ == "__main__":
    print(gae(jnp.ones((9, 2)), jnp.ones((9, 2)), jnp.zeros((9, 2))))
