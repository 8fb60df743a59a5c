import jax
import jax.numpy as jnp

ACTIVATIONS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu, "tanh": jnp.tanh}


def init_mlp(key, n_in, hidden):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (n_in, hidden)) * 0.1,
            "w2": jax.random.normal(k2, (hidden, 1)) * 0.1}


@jax.jit
def apply_mlp(params, x, activation):
    act = ACTIVATIONS[activation]
    return act(x @ params["w1"]) @ params["w2"]
