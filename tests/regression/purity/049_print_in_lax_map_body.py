"""`print` in the function mapped by `lax.map` over a batch.

Source: https://github.com/jax-ml/jax/issues/457
Prints used to watch traced code fire while tracing; `lax.map` traces its function once (as a
scan body) and the compiled loop never runs the print.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
from jax import lax as L
import jax.numpy as jnp


def per_image(img):
    print("processing image of shape", img.shape)  # expect: JAX101
    return img.mean()


@jax.jit
def batch_means(images):
    return L.map(per_image, images)


def run():
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            batch_means(scale * jnp.ones((2, 4, 4)))
        printed += bool(out.getvalue())
    return printed
