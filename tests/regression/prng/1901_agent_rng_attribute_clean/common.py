from functools import partial

import jax
import jax.numpy as jnp


def actor_apply_fn(variables, observations):
    params = variables["params"]
    mean = jnp.tanh(observations @ params["w"] + params["b"])
    return mean, jnp.exp(params["log_std"])


@partial(jax.jit, static_argnames="actor_apply_fn")
def sample_actions_jit(rng, actor_apply_fn, actor_params, observations):
    mean, std = actor_apply_fn({"params": actor_params}, observations)
    rng, key = jax.random.split(rng)
    return rng, mean + std * jax.random.normal(key, mean.shape)
