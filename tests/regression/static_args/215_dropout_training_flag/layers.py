import jax
import jax.numpy as jnp


def dropout(key, x, rate, deterministic):
    if deterministic:  # expect: JAX201
        return x
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def mlp_apply(params, x, key, training, rate=0.5):
    k1, k2 = jax.random.split(key)
    h = jax.nn.relu(x @ params["w1"])
    h = dropout(k1, h, rate, deterministic=not training)  # expect: JAX201
    h = jax.nn.relu(h @ params["w2"])
    h = dropout(k2, h, rate, deterministic=not training)  # expect: JAX201
    return h @ params["w3"]
