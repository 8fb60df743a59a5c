import jax
import jax.numpy as jnp


def q_network(params, states):
    return jnp.tanh(states @ params["w1"]) @ params["w2"]
