"""NPBench's first JAX port of the PolyBench `jacobi_2d` stencil marks `TSTEPS` static and runs
the time loop as a plain Python `for t in range(1, TSTEPS)` inside the jitted kernel, so XLA
receives TSTEPS-1 unrolled copies of the two stencil updates (the benchmark presets use tens to
hundreds of steps). A later revision replaced it with `lax.fori_loop(1, TSTEPS, body_fn, (A, B))`.

Source: https://github.com/spcl/npbench/blob/aea5a703456da5e921dcb54005f16c23cf4eb2df/npbench/benchmarks/polybench/jacobi_2d/jacobi_2d_jax.py
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def kernel(TSTEPS: int, A: jax.Array, B: jax.Array):

    for t in range(1, TSTEPS):  # expect: JAX407
        B = B.at[1:-1, 1:-1].set(0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] +
                               A[2:, 1:-1] + A[:-2, 1:-1]))
        A = A.at[1:-1, 1:-1].set(0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] +
                               B[2:, 1:-1] + B[:-2, 1:-1]))

    return A, B


def initialize(N):
    i = jnp.arange(N, dtype=jnp.float32)[:, None]
    j = jnp.arange(N, dtype=jnp.float32)[None, :]
    return i * (j + 2) / N, i * (j + 3) / N


def run():
    A, B = initialize(90)
    kernel(50, A, B)
    return None
