"""The JAX version of the PolyBench `durbin` kernel (Levinson-Durbin recursion) in a NumPy
benchmark suite is the NumPy loop under `@jax.jit`: `for k in range(1, r.shape[0])` is executed
by Python while tracing, emitting a fresh flip/dot/update block for every k. The jaxpr and the
XLA compile time scale with the input length; the suite later replaced it with
`lax.fori_loop(1, r.shape[0], loop_body, ...)` over masked, rolled vectors.

Source: https://github.com/spcl/npbench/blob/b670765f8dca0d60a23dc63f7e6f78f1bb4e73aa/npbench/benchmarks/polybench/durbin/durbin_jax.py#L13
Observed on jax 0.10.x: kernel compiled 1 times; 1 of 1 calls
"""
import jax
import jax.extend
import jax.numpy as jnp
import numpy as np


@jax.jit
def kernel(r):

    y = jnp.empty_like(r)
    alpha = -r[0]
    beta = 1.0
    y = y.at[0].set(-r[0])

    for k in range(1, r.shape[0]):  # expect: JAX407
        beta *= 1.0 - alpha * alpha
        alpha = -(r[k] + jnp.dot(jnp.flip(r[:k]), y[:k])) / beta
        y = y.at[:k].add(alpha * jnp.flip(y[:k]))
        y = y.at[k].set(alpha)

    return y


def initialize(N, datatype=np.float32):
    r = np.fromfunction(lambda i: N + 1 - i, (N, ), dtype=datatype)
    return r


def _count_eqns(jaxpr):
    n = 0
    for eqn in jaxpr.eqns:
        n += 1
        for sub in jax.extend.core.jaxprs_in_params(eqn.params):
            n += _count_eqns(sub)
    return n


def run():
    r = jnp.asarray(initialize(100))
    y = kernel(r)
    small = _count_eqns(jax.make_jaxpr(kernel)(jnp.asarray(initialize(10))).jaxpr)
    large = _count_eqns(jax.make_jaxpr(kernel)(jnp.asarray(initialize(100))).jaxpr)
    return int(large > 4 * small)  # one block of ops per k: the loop was unrolled
