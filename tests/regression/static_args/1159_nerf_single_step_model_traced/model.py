"""A tiny NeRF MLP with a linen-like `init`/`apply` interface (not a pytree)."""
import jax
import jax.numpy as jnp


class NeRFMLP:
    def __init__(self, width=16, depth=2):
        self.width = width
        self.depth = depth

    def init(self, key, in_dim=3):
        keys = jax.random.split(key, self.depth + 1)
        dims = [in_dim] + [self.width] * self.depth
        layers = [0.3 * jax.random.normal(k, (a, b)) for k, a, b in zip(keys, dims[:-1], dims[1:])]
        return {"hidden": layers, "out": 0.3 * jax.random.normal(keys[-1], (self.width, 4))}

    def apply(self, params, x):
        for w in params["hidden"]:
            x = jax.nn.relu(x @ w)
        return x @ params["out"]
