import jax
import jax.numpy as jnp


def init_params(key, n_in, n_hidden):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (n_in, n_hidden)) * 0.1,
            "w2": jax.random.normal(k2, (n_hidden,)) * 0.1}


def energy(params, x):
    h = jnp.tanh(x @ params["w1"])
    return h @ params["w2"]
