from typing import NamedTuple

import jax
import jax.numpy as jnp


class ESState(NamedTuple):
    mean: jax.Array
    sigma: float


class EvolutionaryOptimizer:
    def __init__(self, fitness_fn, popsize=8):
        self.fitness_fn = fitness_fn
        self.popsize = popsize

    def step(self, key, state):
        key, sample_key = jax.random.split(key)
        eps = jax.random.normal(sample_key, (self.popsize,) + state.mean.shape)
        pop = state.mean + state.sigma * eps
        fit = jax.vmap(self.fitness_fn)(pop)
        weights = jax.nn.softmax(-fit)
        new_mean = jnp.sum(weights[:, None] * pop, axis=0)
        return ESState(new_mean, state.sigma), eps, key
