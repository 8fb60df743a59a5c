"""`lax.psum(1, axis_name)` as the device count inside `pmap`: a concrete int.

Source: https://github.com/jax-ml/jax/pull/7328
Collectives over the mapped axis: `psum` of the Python literal 1 is the axis size, returned as
a Python int, so Python control flow on it is fine.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp
from jax import lax


def average_grads(grads):
    n_devices = lax.psum(1, "batch")
    if n_devices > 1:
        return lax.pmean(grads, "batch")
    return grads


def run():
    jax.pmap(average_grads, axis_name="batch")(jnp.ones((1, 3)))
