"""Nerfies' background regularisation `compute_background_loss(model, state, params, key,
points, noise_std)` picks a random warp id per point with `random.choice(key, ...)` and
then perturbs the points with `noise_std * random.normal(key, points.shape)` -- the same
key for both draws, so the point noise is not independent of the sampled metadata (it is
exactly what `random.normal(key)` gives for the key the ids came from).

Source: https://github.com/google/nerfies/blob/1a38512214cfa14286ef0561992cca9398265e13/nerfies/training.py#L117
Observed on jax 0.10.x: 3 of 3 calls
"""
import functools

import jax
import jax.numpy as jnp
from jax import random


class WarpModel:
    warp_ids = (0, 1, 2, 3, 4, 5, 6, 7)

    def warp(self, params, points, metadata):
        return points + params * metadata.astype(jnp.float32)


@functools.partial(jax.jit, static_argnums=0)
def compute_background_loss(model, params, key, points, noise_std, alpha=-2, scale=0.001):
    """Compute the background regularization loss."""
    metadata = random.choice(key, jnp.array(model.warp_ids, jnp.uint32), shape=(points.shape[0], 1))
    point_noise = noise_std * random.normal(key, points.shape)  # expect: JAX501
    points = points + point_noise
    warped_points = model.warp(params, points, metadata)
    sq_residual = jnp.sum((warped_points - points) ** 2, axis=-1)
    return jnp.mean(sq_residual / (sq_residual + scale)), point_noise


def run():
    model = WarpModel()
    rng = random.PRNGKey(0)
    points = jnp.zeros((32, 3))
    same = 0
    for _ in range(3):
        rng, key = random.split(rng)
        loss, noise = compute_background_loss(model, 0.01, key, points, 0.001)
        same += bool(jnp.allclose(noise, 0.001 * random.normal(key, points.shape)))
    return same
