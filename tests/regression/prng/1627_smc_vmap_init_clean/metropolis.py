from typing import NamedTuple

import jax
import jax.numpy as jnp


class MetropolisState(NamedTuple):
    key: jax.Array
    step_size: jax.Array


def init(key):
    return MetropolisState(key=key, step_size=jnp.array(0.5))


def step(x, trans_op_state, log_prob_fn):
    key, noise_key, accept_key = jax.random.split(trans_op_state.key, 3)
    proposal = x + trans_op_state.step_size * jax.random.normal(noise_key, x.shape)
    log_ratio = jax.vmap(log_prob_fn)(proposal) - jax.vmap(log_prob_fn)(x)
    accept = jnp.log(jax.random.uniform(accept_key, log_ratio.shape)) < log_ratio
    return jnp.where(accept[:, None], proposal, x), trans_op_state._replace(key=key)
