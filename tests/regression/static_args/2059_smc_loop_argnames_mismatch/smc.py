"""Core JIT-compiled logic for the SMC sampler."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit

from .models import SMCConfig, SMCState


def smc_step(state: SMCState, config: SMCConfig, fitness_fn, mutation_fn):
    key, k_mut = jax.random.split(state.key)
    population = mutation_fn(k_mut, state.population)
    log_weights = state.beta * fitness_fn(population)
    return state._replace(population=population, log_weights=log_weights, key=key,
                         step=state.step + 1), jnp.max(log_weights)


@partial(jit, static_argnames=("config", "log_prob_fn", "annealing_fn"))  # expect: JAX304
def run_smc_loop(
    config: SMCConfig,
    initial_state: SMCState,
    fitness_fn,
    mutation_fn,
    annealing_fn,
):
    """JIT-compiled SMC loop."""

    def scan_body(carry_state: SMCState, i):
        current_beta = annealing_fn(i, _context=None)
        state_for_step = carry_state._replace(beta=current_beta)
        next_state, metrics = smc_step(state_for_step, config, fitness_fn, mutation_fn)
        return next_state, metrics

    final_state, collected_metrics = jax.lax.scan(
        scan_body,
        initial_state,
        jnp.arange(config.num_samples),
        length=config.num_samples,
    )
    return final_state, collected_metrics
