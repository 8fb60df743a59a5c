"""A NamedTuple optimizer state holding a list, passed as a static argument.

Source: https://github.com/google-research/computation-thru-dynamics/issues/15
The fixed-point-finder tutorial raised "Non-hashable static arguments ... OptimizerState(...)
... TypeError: unhashable type: 'list'": a tuple is hashable only if what it holds is.

Observed on jax 0.10.x: raises ValueError
"""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class OptimizerState(NamedTuple):
    packed_state: list
    step: int


def optimize_fp_core(batch_idx_start, num_batches, opt_state, x):
    return x * opt_state.step + batch_idx_start


optimize_fp_core_jit = jax.jit(optimize_fp_core, static_argnums=(1, 2))


def find_fixed_points(x):
    opt_state = OptimizerState([jnp.zeros(2), jnp.zeros(2)], 0)
    return optimize_fp_core_jit(0, 10, opt_state, x)  # expect: JAX302


def run():
    return find_fixed_points(jnp.ones(2))
