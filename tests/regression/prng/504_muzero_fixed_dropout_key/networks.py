import jax
import jax.numpy as jnp


def dropout(x, rate, key):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def value_head(params, latent, key):
    h = jax.nn.relu(latent @ params["w1"])
    h = dropout(h, 0.3, key)
    return h @ params["w2"]
