"""Group objects with a sampler (emlp/groups.py layout, trimmed)."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, vmap


@jit
def matrix_power_simple(M, n):
    out = jnp.eye(M.shape[-1])
    body = lambda Mn: jax.lax.fori_loop(0, Mn[1], lambda i, g: Mn[0] @ g, out)
    out = jax.lax.cond(n < 0, lambda: body((jnp.linalg.inv(M), -n)), lambda: body((M, n)))
    return out


@jit
def noise2sample(z, ks, lie_algebra, discrete_generators, seed=0):
    """ [zs (D,)] [ks (M,K)] [lie_algebra (D,d,d)] [discrete_generators (M,d,d)]
        Here K is the number of repeats for a given discrete generator."""
    g = jnp.eye(lie_algebra.shape[-1])
    if lie_algebra.shape[0]:
        A = (z[:, None, None] * lie_algebra).sum(0)
        g = g @ jax.scipy.linalg.expm(A)
    key = jax.random.PRNGKey(seed)
    M, K = ks.shape
    if M == 0: return g
    for k in range(K):  # multiple rounds of discrete generators
        key, pkey = jax.random.split(key)
        for i in jax.random.permutation(pkey, M):  # expect: JAX407
            g = g @ matrix_power_simple(discrete_generators[i], ks[i, k])
    return g


@jit
def noise2samples(zs, ks, lie_algebra, discrete_generators, seed=0):
    return vmap(noise2sample, (0, 0, None, None, None), 0)(zs, ks, lie_algebra, discrete_generators, seed)


class Group(object):
    """ Abstract Group Object which new groups should inherit from. """
    lie_algebra = NotImplemented
    discrete_generators = NotImplemented

    def __init__(self, d):
        self.d = d
        if self.lie_algebra is NotImplemented:
            self.lie_algebra = np.zeros((0, self.d, self.d))

    def samples(self, N):
        """ Draw N samples from the group (not necessarily Haar measure)"""
        A_dense = jnp.asarray(self.lie_algebra)
        h_dense = jnp.stack([hi @ jnp.eye(self.d) for hi in self.discrete_generators])
        z = np.random.randn(N, A_dense.shape[0])
        k = np.random.randint(-5, 5, size=(N, h_dense.shape[0], 3))
        jax_seed = np.random.randint(100)
        return noise2samples(z, k, A_dense, h_dense, jax_seed)


class S(Group):  # The permutation group
    r""" The permutation group S_n with an n dimensional regular representation."""

    def __init__(self, n):
        # n-1 generators: swaps between the first element and every other element
        perms = np.arange(n)[None] + np.zeros((n - 1, 1)).astype(int)
        perms[:, 0] = np.arange(1, n)
        perms[np.arange(n - 1), np.arange(1, n)[None]] = 0
        self.discrete_generators = [np.eye(n)[perm] for perm in perms]
        super().__init__(n)
