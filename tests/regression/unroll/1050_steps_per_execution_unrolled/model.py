import jax
import jax.numpy as jnp


def init_params(key, dim):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (dim, 16)) * 0.1, "w2": jax.random.normal(k2, (16, 1)) * 0.1}


def train_step(params, x, y):
    def loss(p):
        h = jnp.tanh(x @ p["w1"])
        return jnp.mean((h @ p["w2"] - y) ** 2)

    g = jax.grad(loss)(params)
    return jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, g)
