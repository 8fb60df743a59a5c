"""CoulombGas (finite-temperature VMC): the autoregressive sampler of the occupation state
indices loops `for i in range(n)` over the n = 29 electrons, re-running the causal network on the
whole state and drawing one categorical per electron. `sampler` is called inside the jitted
`sample_stateindices_and_x` (the repo's pmap), so the loop is unrolled into 29 network
evaluations + 29 split/categorical draws in one XLA program; compile time grows with n.

Source: https://github.com/fermiflow/CoulombGas/blob/ca4a1eb7c4cb310d8a1a26422d8f9af7809e0d90/src/sampler.py#L32
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp

from .sampler import make_autoregressive_sampler

n, num_states = 29, 40


def causal_net(params, state_idx):
    emb = params["embed"][state_idx]                      # (n, d)
    mask = jnp.tril(jnp.ones((n, n)), k=-1)
    h = jnp.tanh(mask @ emb / n + params["bias"])         # only earlier electrons feed position i
    return h @ params["out"]                              # (n, num_states)


sampler, log_prob = make_autoregressive_sampler(causal_net, n, num_states)


@partial(jax.jit, static_argnums=(1, 3))
def sample_stateindices(key, sampler, params_van, batch):
    key, key_state = jax.random.split(key)
    state_indices = sampler(params_van, key_state, batch)
    return key, state_indices


def run():
    k1, k2, key = jax.random.split(jax.random.PRNGKey(42), 3)
    params = {"embed": jax.random.normal(k1, (num_states, 16)), "bias": jnp.zeros(16),
              "out": jax.random.normal(k2, (16, num_states))}
    key, state_indices = sample_stateindices(key, sampler, params, 8)
    state_indices.block_until_ready()
