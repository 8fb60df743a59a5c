from typing import NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    step: jax.Array
    params: dict
    rng: jax.Array


def create_state(seed, n_in, n_out):
    key = jax.random.PRNGKey(seed)
    key, wkey = jax.random.split(key)
    params = {"w": jax.random.normal(wkey, (n_in, n_out)) * 0.1, "b": jnp.zeros(n_out)}
    return TrainState(step=jnp.array(0), params=params, rng=key)
