"""NPBench's JAX LU decomposition walks the rows of the matrix with `lax.fori_loop(0, A.shape[0],
...)` and two nested `fori_loop`s whose bounds depend on the outer index, masking the partial dot
products with `jnp.where` instead of slicing by the traced index. The trip count comes from the
array shape, but the loops are lax primitives, so the jitted kernel contains one loop body no
matter how large the matrix is.

Source: https://github.com/spcl/npbench/blob/1dd397756438edc77edccee76b261ae733b1958c/npbench/benchmarks/polybench/lu/lu_jax.py
Observed on jax 0.10.x: kernel compiled 1 times
"""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def kernel(A):

    def loop_body(i, A):
        def inner_loop_1(j, A):
            mask = jnp.arange(A.shape[0]) < j
            A_slice_1 = jnp.where(mask, A[i, :], 0.0)
            A_slice_2 = jnp.where(mask, A[:, j], 0.0)
            A = A.at[i, j].set((A[i, j] - A_slice_1 @ A_slice_2) / A[j, j])
            return A

        def inner_loop_2(j, A):
            mask = jnp.arange(A.shape[0]) < i
            A_slice_1 = jnp.where(mask, A[i, :], 0.0)
            A_slice_2 = jnp.where(mask, A[:, j], 0.0)
            A = A.at[i, j].set(A[i, j] - A_slice_1 @ A_slice_2)
            return A

        A = lax.fori_loop(0, i, inner_loop_1, A)
        A = lax.fori_loop(i, A.shape[0], inner_loop_2, A)
        return A

    A = lax.fori_loop(0, A.shape[0], loop_body, A)
    return A


def run():
    N = 120
    A = jnp.eye(N) * N + jax.random.uniform(jax.random.PRNGKey(0), (N, N))
    kernel(A)
    return None
