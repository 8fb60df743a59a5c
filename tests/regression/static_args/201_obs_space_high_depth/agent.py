import jax.numpy as jnp

from encoders import one_hot_obs


class Agent:
    def __init__(self, obs_space):
        self.obs_space = obs_space

    def preprocess(self, obs):
        out = {}
        for key, value in obs.items():
            space = self.obs_space[key]
            if space.discrete:
                out[key] = one_hot_obs(value, depth=space.high)  # expect: JAX302
            else:
                out[key] = jnp.asarray(value, jnp.float32)
        return out
