import jax
import jax.numpy as jnp


def member_forward(params, x, key, rate=0.5):
    h = jax.nn.relu(x @ params["w"])
    keep = jax.random.bernoulli(key, 1.0 - rate, h.shape)
    return jnp.where(keep, h / (1.0 - rate), 0.0)


@jax.jit
def ensemble_forward(stacked_params, x, key):
    n = stacked_params["w"].shape[0]
    keys = jax.random.split(key, n)
    return jax.vmap(member_forward, in_axes=(0, None, 0))(stacked_params, x, keys)
