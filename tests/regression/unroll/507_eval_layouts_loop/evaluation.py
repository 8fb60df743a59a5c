import jax
import jax.numpy as jnp

from layouts import pad_observation


def rollout(params, grid, key, n_steps=6):
    pos = jnp.zeros(2)
    reward = 0.0
    for _ in range(n_steps):  # expect: JAX407
        key, sub = jax.random.split(key)
        logits = params @ grid.ravel()
        move = jax.random.categorical(sub, logits)
        pos = jnp.clip(pos + jnp.array([[1, 0], [0, 1], [-1, 0], [0, -1]])[move], 0, 7)
        reward = reward + grid[pos[0].astype(int), pos[1].astype(int)]
    return reward


def make_evaluate(layouts):
    @jax.jit
    def evaluate_model(params, key):
        returns = []
        for layout in layouts:  # expect: JAX407
            key, sub = jax.random.split(key)
            returns.append(rollout(params, pad_observation(layout), sub))
        return jnp.stack(returns)
    return evaluate_model
