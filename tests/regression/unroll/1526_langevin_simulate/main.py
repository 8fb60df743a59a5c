"""timemachine's early JAX simulation driver integrated Langevin dynamics with a
plain Python for-loop over the number of steps inside the jitted simulate
function, differentiating the bonded energy at every step. Tracing unrolled every
step, and a run took 1m42s, almost all of it compilation; switching the loop to
`lax.scan` brought it down to about 4 seconds.

Source: https://github.com/proteneer/timemachine/pull/87
Observed on jax 0.10.x: simulate compiled 1 times
"""
import jax.numpy as jnp

from simulate import simulate


def run():
    x0 = jnp.array([[0.0, 0.0, 0.0], [1.1, 0.0, 0.0], [2.0, 0.3, 0.0]])
    v0 = jnp.zeros_like(x0)
    params = jnp.array([[100.0, 1.0], [100.0, 1.0]])
    bond_idxs = jnp.array([[0, 1], [1, 2]])
    masses = jnp.array([12.0, 12.0, 16.0])
    x, v = simulate(x0, v0, params, bond_idxs, masses)
    x.block_until_ready()
    return None
