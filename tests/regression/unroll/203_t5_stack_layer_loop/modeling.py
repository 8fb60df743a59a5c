import jax
import jax.numpy as jnp


def layer_norm(x):
    return (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-6)


class T5Stack:
    def __init__(self, config):
        self.config = config

    def init(self, key):
        c = self.config
        keys = jax.random.split(key, c.num_layers)
        return [{"wi": jax.random.normal(k, (c.d_model, c.d_ff)) * 0.05,
                 "wo": jax.random.normal(k, (c.d_ff, c.d_model)) * 0.05} for k in keys]

    def __call__(self, layers, hidden):
        for i in range(self.config.num_layers):  # expect: JAX407
            h = layer_norm(hidden)
            hidden = hidden + jax.nn.relu(h @ layers[i]["wi"]) @ layers[i]["wo"]
        return layer_norm(hidden)
