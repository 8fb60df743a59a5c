"""k-d tree nearest-node search written with Python loops inside jit.

Source: https://openillumi.com/en/en-fix-jax-jit-slow-xla-flow
What happened: a user jitted a custom kd-tree interpolator and compilation took
an intractably long time: Python control flow (loops, recursion) is flattened
during tracing into a huge linear graph; the fix uses lax.fori_loop/while_loop.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
import numpy as np


class KDTree:
    def __init__(self, points):
        self.points = jnp.asarray(points)
        self.n_nodes = points.shape[0]

    def nearest(self, query):
        best_d = jnp.inf
        best_i = -1
        for i in range(self.n_nodes):  # expect: JAX407
            d = jnp.sum((self.points[i] - query) ** 2)
            better = d < best_d
            best_d = jnp.where(better, d, best_d)
            best_i = jnp.where(better, i, best_i)
        return best_i


def run():
    pts = np.random.default_rng(0).normal(size=(400, 2)).astype(np.float32)
    tree = KDTree(pts)
    interpolate = jax.jit(lambda q: tree.nearest(q))
    return interpolate(jnp.zeros(2))
