"""secretflow/spu: k-means `fit` breaks out of its Python loop on a traced test.

Source: https://github.com/secretflow/spu/issues/148
(spu, "Weird jax operations in spu").

The user's jitted k-means (`@jax.jit def fit(X)`) runs a fixed number of
Lloyd iterations in a Python `for` loop and stops early with
`if jnp.all(jnp.less(jnp.max(jnp.abs(centroids - old_centroids)), tol)): break`
("This is the line that causes the error"). Inside jit the convergence flag is
a tracer, so the `if` needs its truth value. Centroid update kept as written in
the report (a list comprehension over clusters, re-assembled with `jnp.array`).

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import random


@jax.jit
def fit(X: np.ndarray) -> np.ndarray:
    n_clusters = 5
    tol = 1e-4
    max_iter = 10
    indice = random.choice(random.PRNGKey(0), X.shape[0], shape=(n_clusters,), replace=False)
    centroids = jnp.take(X, indice, axis=0)

    labels = jnp.zeros(X.shape[0])

    for i in range(max_iter):
        old_centroids = centroids.copy()
        dists = jnp.sum((X[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
        labels = jnp.argmin(dists, axis=1)
        centroids = jnp.array(
            [
                jnp.sum(X * (labels == j)[:, jnp.newaxis], axis=0)
                / jnp.maximum(jnp.sum(labels == j), 1)
                for j in range(n_clusters)
            ]
        )

        # This is the line that causes the error
        if jnp.all(jnp.less(jnp.max(jnp.abs(centroids - old_centroids)), tol)):  # expect: JAX201
            break

    return centroids


def run():
    X = np.random.default_rng(0).normal(size=(150, 4)).astype(np.float32)
    return fit(X)
