"""EMLP draws group elements with Group.samples, which calls the jitted noise2sample (vmapped by
noise2samples). noise2sample reads M, K = ks.shape and runs two nested Python loops over them:
`for k in range(K)` and, inside, `for i in jax.random.permutation(pkey, M)` — iterating over a traced
permutation array. Under jit both loops are unrolled at trace time, K*M copies of the matrix-power
fori_loop plus a random split per round, so the traced program (and the compile) grows with the
number of discrete generators of the group, e.g. n-1 of them for S(n).

Source: https://github.com/mfinzi/equivariant-MLP/blob/b80815bd4c1ca52b37f3dacc0874e70fdd7b413f/emlp/groups.py#L123
Observed on jax 0.10.x: 1 of 1 calls
"""
import numpy as np
import jax
import jax.numpy as jnp

from groups import S, noise2samples


def _program_size(G, N=4):
    h_dense = jnp.stack([hi @ jnp.eye(G.d) for hi in G.discrete_generators])
    z = np.zeros((N, 0))
    k = np.ones((N, h_dense.shape[0], 3), dtype=np.int32)
    text = str(jax.make_jaxpr(noise2samples)(z, k, jnp.zeros((0, G.d, G.d)), h_dense, 0))
    return text.count("matrix_power_simple")  # one traced call per unrolled iteration


def run():
    np.random.seed(0)
    g_small, g_big = S(3), S(12)
    g_small.samples(4)
    g_big.samples(4)
    # the traced sampler grows with the number of generators: the loops were unrolled
    return int(_program_size(g_big) > 4 * _program_size(g_small))
