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
        """Initialise the state of the SMC sampler."""
        key1, key2 = jax.random.split(key)
        trans_op_state = metropolis.init(key1)
        trans_op_state = jax.tree_util.tree_map(  # expect: JAX503
            lambda x: jnp.repeat(x[None, ...], n_intermediate_distributions, axis=0),
            trans_op_state)
        return SMCState(trans_op_state, key2)

    def step(x0, smc_state):
        def body_fn(x, xs):
            trans_op_state, ais_step_index = xs
            beta = betas[ais_step_index + 1]
            log_prob = lambda z: (1 - beta) * log_q_fn(z) + beta * log_p_fn(z)
            x, trans_op_state, info = metropolis.step(x, trans_op_state, log_prob)
            return x, (trans_op_state, info)

        x, (trans_op_states, infos) = jax.lax.scan(
            body_fn, x0,
            (smc_state.transition_operator_state, jnp.arange(n_intermediate_distributions)))
        return x, SMCState(trans_op_states, smc_state.key), infos

    return init, step
