"""Image pooling ops shared by the model and the data pipeline."""
from functools import partial

import jax
import jax.numpy as jnp


def _pool(images, window, reducer):
    n, h, w, c = images.shape
    images = images.reshape(n, h // window, window, w // window, window, c)
    return reducer(images, axis=(2, 4))


# Names of the pooling hyper-parameters that must be compile-time constants.
POOL_STATIC_ARGS = ("window",)


def make_pool(mode="avg"):
    reducer = jnp.mean if mode == "avg" else jnp.max

    @partial(jax.jit, static_argnames=POOL_STATIC_ARGS)
    def pool(images, window):
        return _pool(images, window, reducer)

    return pool
