"""Clean look-alike: aperture mean computed with jnp.where weights.

Source: https://github.com/jax-ml/jax/pull/6186
The debugging tips added by the PR: replace boolean indexing with jnp.where (or a
`where=` argument) so the shape stays static.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def aperture_flux(image, center, radius):
    yy, xx = jnp.mgrid[: image.shape[0], : image.shape[1]]
    r = jnp.sqrt((xx - center[0]) ** 2 + (yy - center[1]) ** 2)
    inside = r < radius
    return jnp.sum(jnp.where(inside, image, 0.0)) / jnp.sum(inside)


@jax.jit
def fit_loss(image, center, radius, target):
    return (aperture_flux(image, center, radius) - target) ** 2


def run():
    return fit_loss(jnp.ones((16, 16)), jnp.array([8.0, 8.0]), 4.0, 1.0)
