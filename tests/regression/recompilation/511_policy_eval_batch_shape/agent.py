import jax
import jax.numpy as jnp


def init_q(key, obs_dim, n_actions):
    return {"w": jax.random.normal(key, (obs_dim, n_actions)) * 0.1}


@jax.jit
def act(params, obs):
    return jnp.argmax(obs @ params["w"], axis=-1)
