import jax
import jax.numpy as jnp


def member_forward(params, x, key, rate=0.5):
    h = jax.nn.relu(x @ params["w"])
    keep = jax.random.bernoulli(key, 1.0 - rate, h.shape)
    return jnp.where(keep, h / (1.0 - rate), 0.0)


@jax.jit
def ensemble_forward(stacked_params, x, key):
    # one dropout mask per ensemble member is intended
    return jax.vmap(member_forward, in_axes=(0, None, None))(stacked_params, x, key)  # expect: JAX503
