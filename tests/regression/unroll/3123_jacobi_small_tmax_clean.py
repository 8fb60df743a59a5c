"""TitanFuzz JAX seed program (an npbench stencil): `jacobi_2d` is jitted and runs a Python
`for t in range(TMAX)` with TMAX = 10, four `jnp.roll`s per sweep. A fixed, small, module-level
trip count: unrolling 10 stencil sweeps is a deliberate and cheap choice, not a compile-time
problem.

Source: https://github.com/poorna2152/TitanFuzz/blob/2f56430cccbd24414eb358f0f39415ea01305e43/jax_seed_output/seed/jnp.roll_seed5.py#L11
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

(TMAX, N, M) = (10, 128, 128)


@jax.jit
def jacobi_2d(a):
    '2-D Jacobi stencil computation.'
    for t in range(TMAX):
        b_new = ((((jnp.roll(a, 1, axis=0) + jnp.roll(a, (- 1), axis=0)) + jnp.roll(a, 1, axis=1)) + jnp.roll(a, (- 1), axis=1)) / 4)
        a = a.at[1:-1, 1:-1].set(b_new[1:-1, 1:-1])
    return a


def run():
    key = jax.random.PRNGKey(0)
    a = jax.random.uniform(key, (N, M), dtype=jnp.float32)
    out = jacobi_2d(a)
    out.block_until_ready()
