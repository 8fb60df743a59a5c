"""A tuple holding a NumPy array passed as a static argument.

Source: https://github.com/genjax-community/genjax/issues/1179
Wrapping an unhashable value does not make it hashable: the genjax `Const` wrapper around a
list failed exactly like the bare list; a tuple around an array fails the same way.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=1)
def apply_kernel(image, kernel_spec):
    size, weights = kernel_spec
    return jnp.convolve(image, jnp.asarray(weights), mode="same")[:size]


def blur(image):
    spec = (3, np.array([0.25, 0.5, 0.25]))
    return apply_kernel(image, spec)  # expect: JAX302


def run():
    return blur(jnp.arange(5.0))
