from typing import NamedTuple

import jax
import jax.numpy as jnp


class ESState(NamedTuple):
    mean: jax.Array
    sigma: jax.Array


class OpenES:
    """Minimal isotropic OpenES with the evosax ask/tell interface."""

    def __init__(self, popsize, pholder_params, lrate_init=1e-2, sigma_init=1e-1):
        self.popsize = popsize
        self.num_dims = pholder_params.size
        self.lrate = lrate_init
        self.sigma_init = sigma_init

    def initialize(self, rng, init_mean):
        return ESState(mean=init_mean, sigma=jnp.asarray(self.sigma_init))

    def ask(self, rng, state):
        z = jax.random.normal(rng, (self.popsize, self.num_dims))
        return state.mean + state.sigma * z, state

    def tell(self, x, fitness, state):
        z = (x - state.mean) / state.sigma
        ranks = (fitness - fitness.mean()) / (fitness.std() + 1e-8)
        grad = (ranks[:, None] * z).mean(0) / state.sigma
        return state._replace(mean=state.mean - self.lrate * grad)
