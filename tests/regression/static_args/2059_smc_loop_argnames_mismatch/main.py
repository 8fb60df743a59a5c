"""Protein-sequence SMC sampler. A refactor renamed the loop's parameters to `fitness_fn` and
`mutation_fn` but left the decorator as
`@partial(jit, static_argnames=("config", "log_prob_fn", "annealing_fn"))`: "log_prob_fn" is not a
parameter of `run_smc_loop` any more, and the two callables `fitness_fn` / `mutation_fn` are not
declared static, so they would reach traced positions. jax rejects the decorator as soon as the
module is imported (the run function imports the sampler lazily); a later
commit listed `("config", "fitness_fn", "mutation_fn", "annealing_fn")`.

Source: https://github.com/maraxen/proteinsmc/blob/928e6d0d5ef1f66f6ba2735445d583cb074d7744/src/proteinsmc/sampling/smc/smc.py#L122
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jnp

from .models import SMCConfig, SMCState


def stacked_fitness(population):
    return -jnp.sum((population - 0.5) ** 2, axis=-1)


def random_mutation(key, population):
    return population + 0.1 * jax.random.normal(key, population.shape)


def linear_schedule(i, _context=None):
    return jnp.minimum(1.0, (i + 1) / 5.0)


def run():
    from .smc import run_smc_loop

    config = SMCConfig(num_samples=5, population_size=16)
    key = jax.random.PRNGKey(0)
    initial_state = SMCState(population=jnp.zeros((16, 8)), log_weights=jnp.zeros(16), key=key)
    final_state, metrics = run_smc_loop(config, initial_state, stacked_fitness, random_mutation,  # expect: JAX306
                                        linear_schedule)
    return 0
