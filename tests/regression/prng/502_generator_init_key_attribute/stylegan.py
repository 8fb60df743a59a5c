import jax
import jax.numpy as jnp


class MappingNetwork:
    """Toy StyleGAN2 mapping network; the weight-init key is a constructor attribute."""

    def __init__(self, num_layers=2, width=8, rng=jax.random.PRNGKey(0)):
        self.num_layers = num_layers
        self.width = width
        self.rng = rng

    def init(self, rng, z):
        keys = jax.random.split(self.rng, self.num_layers)  # expect: JAX502
        dims = [z.shape[-1]] + [self.width] * self.num_layers
        return [
            {"w": jax.random.normal(k, (dims[i], dims[i + 1])) / jnp.sqrt(dims[i]),
             "b": jnp.zeros(dims[i + 1])}
            for i, k in enumerate(keys)
        ]

    def apply(self, params, z):
        for layer in params:
            z = jax.nn.leaky_relu(z @ layer["w"] + layer["b"], 0.2)
        return z
