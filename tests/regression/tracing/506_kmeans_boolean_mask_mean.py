"""K-means centroid update ``X[labels == j].mean(axis=0)`` inside a jitted step.

Source: https://github.com/secretflow/secretflow/issues/406
Report: "Weird jax operations in spu" -- a k-means written in jax (run through jit) updated
centroids with ``centroids.at[j].set(X[labels == j].mean(axis=0))`` and failed with
``NonConcreteBooleanIndexError: Array boolean indices must be concrete``; the second attempt
with ``X[jnp.where(labels == j)]`` failed because ``jnp.nonzero`` needs a static size.

Observed on jax 0.10.2: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp


def assign(X, centroids):
    d = jnp.sum((X[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
    return jnp.argmin(d, axis=1)


def kmeans_step(X, centroids, n_clusters: int):
    labels = assign(X, centroids)
    for j in range(n_clusters):
        centroids = centroids.at[j].set(X[labels == j].mean(axis=0))  # expect: JAX205
    return centroids


def run():
    X = jax.random.normal(jax.random.PRNGKey(1), (30, 2))
    centroids = X[:3]
    step = jax.jit(kmeans_step, static_argnums=2)
    return step(X, centroids, 3)
