import jax
import jax.numpy as jnp


class TrackingEnv:
    def __init__(self, n_joints):
        self.n_joints = n_joints

    def reset(self, key):
        return jax.random.normal(key, (self.n_joints,)) * 0.01

    def step(self, state, action):
        return state + 0.05 * jnp.tanh(action)
