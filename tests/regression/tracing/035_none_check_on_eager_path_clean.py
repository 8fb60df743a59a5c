"""`if neighbors is None:` on an optional argument, taken on the eager path.

Source: https://github.com/jax-ml/jax/pull/16430
The nullable-argument idiom that breaks with `or` is fine as an identity test: `is None` never
asks a tracer for its truth value.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def pair_energy(positions, neighbors=None):
    if neighbors is None:
        neighbors = jnp.arange(positions.shape[0])
    diffs = positions - positions[neighbors]
    return jnp.sum(diffs ** 2)


energy_jit = jax.jit(pair_energy)


def run():
    energy_jit(jnp.ones((3, 2)))
    pair_energy(jnp.ones((3, 2)), jnp.array([1, 2, 0]))
