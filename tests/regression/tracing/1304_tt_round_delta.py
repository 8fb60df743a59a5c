"""A user jit-compiling a tensor-train rounding routine (`tt_round_model`) truncated each core's
SVD by looping over the singular values `for x in s: if x < delta: ...`. Even with `delta`
marked in `static_argnums`, compilation failed: `x` is a diagonal element of the traced `s`
matrix, so the comparison is a traced boolean. The answer was to express the truncation with
array primitives (jnp.where / a mask) instead of Python control flow.

Source: https://github.com/jax-ml/jax/issues/3740
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import math

import jax.numpy as jnp
from jax import jit


def tt_round_model(cores, delta):
    new_cores = []
    for core in cores:
        r0, n, r1 = core.shape
        u, s, vt = jnp.linalg.svd(core.reshape(r0 * n, r1), full_matrices=False)
        rank = 0
        for x in s:
            if x < delta:  # expect: JAX201
                break
            rank += 1
        new_cores.append((u[:, :rank] * s[:rank]).reshape(r0, n, rank))
    return new_cores


fast_tt_round = jit(tt_round_model, static_argnums=(1))


def run():
    cores = [jnp.ones((1, 4, 3)), jnp.ones((3, 4, 3)), jnp.ones((3, 4, 1))]
    eps = 1e-3
    fast_tt_round(cores, eps / math.sqrt(len(cores) - 1))
