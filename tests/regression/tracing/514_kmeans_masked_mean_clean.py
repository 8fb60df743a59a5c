"""Clean look-alike of 006: centroid update as a masked weighted mean (static shapes).

Source: https://github.com/secretflow/secretflow/issues/406
The answer on the report: express the selection as a select (``jnp.where(mask, x, 0)``)
instead of boolean indexing, so every array keeps a static shape under jit.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def assign(X, centroids):
    d = jnp.sum((X[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
    return jnp.argmin(d, axis=1)


def kmeans_step(X, centroids, n_clusters: int):
    labels = assign(X, centroids)
    for j in range(n_clusters):
        mask = (labels == j)[:, None]
        count = jnp.maximum(mask.sum(), 1)
        centroids = centroids.at[j].set(jnp.where(mask, X, 0.0).sum(axis=0) / count)
    return centroids


def run():
    X = jax.random.normal(jax.random.PRNGKey(1), (30, 2))
    centroids = X[:3]
    step = jax.jit(kmeans_step, static_argnums=2)
    return step(X, centroids, 3)
