"""Photometry helper averages pixels inside an aperture with boolean-mask indexing.

Source: https://github.com/jax-ml/jax/pull/6186
The PR introduced NonConcreteBooleanIndexError with debugging tips: indexing with a
boolean mask computed from traced values has a data-dependent output shape and cannot
be compiled.  Here an aperture photometry routine selects the pixels within a radius
with `image[mask]`.

Observed on jax 0.10.2: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp


def aperture_flux(image, center, radius):
    yy, xx = jnp.mgrid[: image.shape[0], : image.shape[1]]
    r = jnp.sqrt((xx - center[0]) ** 2 + (yy - center[1]) ** 2)
    inside = r < radius
    return image[inside].mean()  # expect: JAX205


@jax.jit
def fit_loss(image, center, radius, target):
    return (aperture_flux(image, center, radius) - target) ** 2


def run():
    image = jnp.ones((16, 16))
    return fit_loss(image, jnp.array([8.0, 8.0]), 4.0, 1.0)
