"""Initial particle positions: x and y coordinates drawn from the same key held in a NamedTuple.

Source: https://github.com/Vodolay/NovaJax
Report: the notebook on JAX random numbers demonstrates that calling
``random.normal(key)`` twice with the same key prints the same number twice -- JAX has no
global state, and "in order to generate different and independent samples, you must split()
the key yourself whenever you want to call a random function". Here a simulation config
(NamedTuple) carries the key and the initialiser uses it for both coordinates, so every
particle starts on the diagonal x == y.
run() initialises three simulations with different seeds and counts those with x == y.

Observed on jax 0.10.2: 3 of 3 calls
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class SimConfig(NamedTuple):
    key: jax.Array
    n_particles: int
    box: float


def init_positions(cfg: SimConfig):
    x = cfg.box * jax.random.uniform(cfg.key, (cfg.n_particles,))
    y = cfg.box * jax.random.uniform(cfg.key, (cfg.n_particles,))  # expect: JAX501
    return jnp.stack([x, y], axis=-1)


def run():
    on_diagonal = 0
    for seed in (0, 1, 2):
        cfg = SimConfig(key=jax.random.PRNGKey(seed), n_particles=16, box=10.0)
        pos = np.asarray(init_positions(cfg))
        if np.array_equal(pos[:, 0], pos[:, 1]):
            on_diagonal += 1
    return on_diagonal
