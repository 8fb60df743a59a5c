import jax


class GaussianExploration:
    def __init__(self, seed, action_dim, scale=0.1):
        self.key = jax.random.PRNGKey(seed)
        self.action_dim = action_dim
        self.scale = scale

    def sample(self):
        return self.scale * jax.random.normal(self.key, (self.action_dim,))  # expect: JAX502,JAX503
