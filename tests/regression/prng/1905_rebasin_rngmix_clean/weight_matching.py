import itertools

import jax.numpy as jnp
import numpy as np
from jax import random

from utils import rngmix


def linear_sum_assignment(A):
    n = A.shape[0]
    best = max(itertools.permutations(range(n)), key=lambda c: sum(A[i, c[i]] for i in range(n)))
    return np.arange(n), np.array(best)


def weight_matching(rng, perm_to_axes, params_a, params_b, max_iter=5):
    """Find a permutation of `params_b` to make them match `params_a`."""
    perm_sizes = {p: params_a[axes[0][0]].shape[axes[0][1]] for p, axes in perm_to_axes.items()}
    perm = {p: jnp.arange(n) for p, n in perm_sizes.items()}
    perm_names = list(perm.keys())
    visit_orders = []

    for iteration in range(max_iter):
        order = random.permutation(rngmix(rng, iteration), len(perm_names))
        visit_orders.append(np.asarray(random.key_data(rngmix(rng, iteration))))
        for p_ix in order:
            p = perm_names[p_ix]
            n = perm_sizes[p]
            A = jnp.zeros((n, n))
            for wk, axis in perm_to_axes[p]:
                w_a = jnp.moveaxis(params_a[wk], axis, 0).reshape((n, -1))
                w_b = jnp.moveaxis(params_b[wk], axis, 0).reshape((n, -1))
                A += w_a @ w_b.T
            ri, ci = linear_sum_assignment(np.asarray(A))
            perm[p] = jnp.array(ci)
    return perm, visit_orders
