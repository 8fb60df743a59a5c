import jax
import jax.numpy as jnp

from . import config


def init(key):
    keys = jax.random.split(key, config.NUM_LAYERS)
    return [
        {"w": 0.1 * jax.random.normal(k, (config.D_MODEL, config.D_MODEL)), "b": jnp.zeros(config.D_MODEL)}
        for k in keys
    ]


def block(p, x):
    h = jax.nn.gelu(x @ p["w"] + p["b"])
    return x + h


def forward(params, x):
    for i in range(config.NUM_LAYERS):  # expect: JAX407
        x = block(params[i], x)
    return x
