"""A NumPy benchmark suite's JAX port of the PolyBench `trisolv` kernel (forward substitution)
wraps the NumPy reference loop in `@jax.jit` unchanged: `for i in range(x.shape[0])` runs at
trace time, so every row of the triangular solve becomes its own slice/dot/scatter in the
traced program. The program grows linearly with N (the suite's presets go to N=2000), and a
later commit rewrote it with `jax.lax.fori_loop(0, x.shape[0], ...)` and masked slices.

Source: https://github.com/spcl/npbench/blob/e6b37d17b8fa3dad0e3553478a5d6c8dc8245fe0/npbench/benchmarks/polybench/trisolv/trisolv_jax.py#L8
Observed on jax 0.10.x: kernel compiled 1 times; 1 of 1 calls
"""
import jax
import jax.extend
import jax.numpy as jnp

from trisolv import initialize
from trisolv_jax import kernel


def _count_eqns(jaxpr):
    n = 0
    for eqn in jaxpr.eqns:
        n += 1
        for sub in jax.extend.core.jaxprs_in_params(eqn.params):
            n += _count_eqns(sub)
    return n


def run():
    L, x, b = (jnp.asarray(a, dtype=jnp.float32) for a in initialize(64))
    x = kernel(L, x, b)
    small = _count_eqns(jax.make_jaxpr(kernel)(*(jnp.asarray(a, dtype=jnp.float32) for a in initialize(8))).jaxpr)
    large = _count_eqns(jax.make_jaxpr(kernel)(*(jnp.asarray(a, dtype=jnp.float32) for a in initialize(64))).jaxpr)
    return int(large > 4 * small)  # traced program grows with N: the loop was unrolled
