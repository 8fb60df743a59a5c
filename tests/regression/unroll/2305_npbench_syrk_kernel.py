"""The PolyBench `syrk` kernel (symmetric rank-k update) in a NumPy benchmark suite's JAX
backend keeps the NumPy double loop inside `@jax.jit`: `for i in range(A.shape[0])` with an
inner `for k in range(A.shape[1])`, each iteration a slice-multiply-scatter on C. Tracing
unrolls N*M updates into one XLA program, so compile time explodes with the matrix size; a
later commit rewrote both loops as nested `lax.fori_loop`s with masked rows.

Source: https://github.com/spcl/npbench/blob/936a90ae53e65845f7e7022f00735e4c4ea125ad/npbench/benchmarks/polybench/syrk/syrk_jax.py#L8
Observed on jax 0.10.x: kernel compiled 1 times; 1 of 1 calls
"""
import jax
import jax.extend
import jax.numpy as jnp
import numpy as np


@jax.jit
def kernel(alpha, beta, C, A):

    for i in range(A.shape[0]):  # expect: JAX407
        C = C.at[i, :i + 1].set(C[i, :i + 1] * beta)
        for k in range(A.shape[1]):  # expect: JAX407
            C = C.at[i, :i + 1].set(C[i, :i + 1] + alpha * A[i, k] * A[:i + 1, k])

    return C


def initialize(M, N, datatype=np.float32):
    alpha = datatype(1.5)
    beta = datatype(1.2)
    C = np.fromfunction(lambda i, j: ((i * j + 2) % N) / M, (N, N), dtype=datatype)
    A = np.fromfunction(lambda i, j: ((i * j + 1) % N) / N, (N, M), dtype=datatype)
    return alpha, beta, C, A


def _count_eqns(jaxpr):
    n = 0
    for eqn in jaxpr.eqns:
        n += 1
        for sub in jax.extend.core.jaxprs_in_params(eqn.params):
            n += _count_eqns(sub)
    return n


def run():
    alpha, beta, C, A = initialize(12, 16)
    C = kernel(alpha, beta, jnp.asarray(C), jnp.asarray(A))
    small = _count_eqns(jax.make_jaxpr(kernel)(*initialize(4, 4)).jaxpr)
    large = _count_eqns(jax.make_jaxpr(kernel)(*initialize(12, 16)).jaxpr)
    return int(large > 4 * small)  # N*M unrolled updates in the traced program
