"""A simulation factory returns `init_fn, apply_fn`; the script draws the positions from a key
and passes the same key to `init_fn`, which draws the momenta from it. With the same sampler
the momenta repeat the positions exactly.

Source: https://github.com/jax-md/jax-md/blob/main/examples/nve_simulation.py (positions from
`random.uniform(key, ...)`, then `init_fn(key, R, ...)` draws the initial momenta).

Observed on jax 0.10.x: 3 of 3 calls (the momenta equal the positions)
"""

import jax
import jax.numpy as jnp


def nve(shift):
    def init_fn(key, positions):
        momenta = jax.random.uniform(key, positions.shape)
        return positions, momenta

    def apply_fn(state):
        positions, momenta = state
        return shift(positions, momenta), momenta

    return init_fn, apply_fn


def simulate(seed):
    init_fn, apply_fn = nve(lambda r, p: r + 0.01 * p)
    key = jax.random.PRNGKey(seed)
    positions = jax.random.uniform(key, (8, 3))
    state = init_fn(key, positions)  # expect: JAX501
    return apply_fn(state), positions, state[1]


def run():
    repeated = 0
    for seed in range(3):
        _, positions, momenta = simulate(seed)
        repeated += bool(jnp.array_equal(positions, momenta))
    return repeated
