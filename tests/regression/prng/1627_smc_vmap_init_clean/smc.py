from typing import NamedTuple

import jax
import jax.numpy as jnp

from . import metropolis


class SMCState(NamedTuple):
    transition_operator_state: metropolis.MetropolisState
    key: jax.Array


def build_smc(n_intermediate_distributions, log_q_fn, log_p_fn):
    betas = jnp.linspace(0.0, 1.0, n_intermediate_distributions + 2)

    def init(key):
        key1, key2 = jax.random.split(key)
        trans_op_state = jax.vmap(metropolis.init)(
            jax.random.split(key1, n_intermediate_distributions))
        return SMCState(trans_op_state, key2)

    def step(x0, smc_state):
        def body_fn(x, xs):
            trans_op_state, i = xs
            beta = betas[i + 1]
            log_prob = lambda z: (1 - beta) * log_q_fn(z) + beta * log_p_fn(z)
            x, trans_op_state = metropolis.step(x, trans_op_state, log_prob)
            return x, trans_op_state

        x, states = jax.lax.scan(
            body_fn, x0, (smc_state.transition_operator_state,
                          jnp.arange(n_intermediate_distributions)))
        return x, SMCState(states, smc_state.key)

    return init, step
