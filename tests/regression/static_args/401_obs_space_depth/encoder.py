import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def _one_hot(value, depth):
    return jax.nn.one_hot(value, depth)


class MultiEncoder:
    def __init__(self, obs_space):
        self.obs_space = obs_space

    def preprocess(self, obs):
        out = []
        for key, value in obs.items():
            space = self.obs_space[key]
            if space.discrete:
                value = _one_hot(value, space.high)  # expect: JAX302
            out.append(jnp.asarray(value, jnp.float32).reshape(value.shape[0], -1))
        return jnp.concatenate(out, -1)
