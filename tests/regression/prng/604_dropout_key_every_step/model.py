import jax
import jax.numpy as jnp


def init(key, d_in=6, d_hidden=16):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (d_in, d_hidden)) * 0.3,
            "w2": jax.random.normal(k2, (d_hidden, 1)) * 0.3}


def apply(params, x, *, training, rngs=None, rate=0.5):
    h = jax.nn.relu(x @ params["w1"])
    mask = jnp.ones_like(h, dtype=bool)
    if training:
        mask = jax.random.bernoulli(rngs["dropout"], 1.0 - rate, h.shape)
        h = jnp.where(mask, h / (1.0 - rate), 0.0)
    return h @ params["w2"], mask
