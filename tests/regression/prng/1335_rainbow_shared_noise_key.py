"""In dopamine's full Rainbow agent the noisy network's `get_logits` / `get_q_values` are
vmapped over the batch of states while the PRNG key is passed with in_axes=None, and the train
step splits one key per forward pass. Every state in the batch therefore sees the same noisy
parameters. The reporter (benchmarking their own Rainbow) flagged that the noise should be
split per input.

Source: https://github.com/google/dopamine/issues/222
Observed on jax 0.10.x: 1 of 1 calls
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def noisy_q_values(params, state, key):
    eps = jax.random.normal(key, params["w_sigma"].shape)
    w = params["w_mu"] + params["w_sigma"] * eps
    return state @ w


def get_q_values(params, states, key):
    return jax.vmap(noisy_q_values, in_axes=(None, 0, None))(params, states, key)  # expect: JAX503,JAX501


@functools.partial(jax.jit)
def train_step(params, states, rng):
    rng, rng1 = jax.random.split(rng)
    q_values = get_q_values(params, states, rng1)
    return q_values, rng


def run():
    params = {"w_mu": jnp.zeros((4, 2)), "w_sigma": jnp.full((4, 2), 0.5)}
    states = jnp.ones((8, 4))  # identical observations to expose shared noise
    q, _ = train_step(params, states, jax.random.PRNGKey(0))
    q = np.asarray(q)
    return int(all(np.array_equal(q[0], q[i]) for i in range(1, q.shape[0])))
