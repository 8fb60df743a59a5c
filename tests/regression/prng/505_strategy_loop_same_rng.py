"""Benchmark loop over ES strategies hands the same ``rng`` to every strategy.

Source: https://github.com/RobertTLange/evosax/issues/75
Report: "Example 1 is problematic" -- the README example creates ``rng = jax.random.PRNGKey(0)``
once and reuses it for all strategies in ``for name, Algo in Strategies.items()``; creating a
fresh ``rng`` per strategy changes the results, i.e. the strategies were not drawing
independent randomness. Here two toy strategies' ``ask`` draw their populations from the key
passed in; with the shared key every strategy samples the same base noise.
run() counts strategies whose base noise equals the first strategy's.

Observed on jax 0.10.2: 3 of 3 calls
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class ESState(NamedTuple):
    mean: jnp.ndarray
    sigma: jnp.ndarray


class SimpleES:
    def __init__(self, popsize, num_dims, sigma_init=0.1):
        self.popsize, self.num_dims, self.sigma_init = popsize, num_dims, sigma_init

    def initialize(self):
        return ESState(jnp.zeros(self.num_dims), jnp.asarray(self.sigma_init))

    def ask(self, rng, state):
        eps = jax.random.normal(rng, (self.popsize, self.num_dims))
        return state.mean + state.sigma * eps, eps


class AntitheticES(SimpleES):
    def ask(self, rng, state):
        half = jax.random.normal(rng, (self.popsize // 2, self.num_dims))
        eps = jnp.concatenate([half, -half])
        return state.mean + state.sigma * eps, eps


STRATEGIES = {"SimpleES": SimpleES, "PGPE": AntitheticES, "OpenES": SimpleES}


def run():
    rng = jax.random.PRNGKey(0)
    base_noise = {}
    for name, Algo in STRATEGIES.items():
        algo = Algo(popsize=8, num_dims=2)
        state = algo.initialize()
        _, eps = algo.ask(rng, state)  # missed: JAX503 (the method is resolved through a class taken from a dict of classes)
        base_noise[name] = np.asarray(eps[:4])
    first = next(iter(base_noise.values()))
    return sum(1 for v in base_noise.values() if np.array_equal(v, first))
