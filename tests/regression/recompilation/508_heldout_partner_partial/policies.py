import jax
import jax.numpy as jnp


def init_policy(key, obs_dim, n_actions):
    return {"w": jax.random.normal(key, (obs_dim, n_actions)) * 0.1}


def mlp_policy(params, obs):
    return jnp.argmax(obs @ params["w"], axis=-1)
