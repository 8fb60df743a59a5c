import jax.numpy as jnp


class Normal:
    def __init__(self, loc, scale):
        if scale <= 0:  # expect: JAX201
            raise ValueError("scale must be positive")
        self.loc = loc
        self.scale = scale

    def log_prob(self, x):
        return -0.5 * ((x - self.loc) / self.scale) ** 2 - jnp.log(self.scale)
