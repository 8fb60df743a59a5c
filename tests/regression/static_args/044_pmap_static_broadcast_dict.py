"""A dict of options passed as a `static_broadcasted_argnums` argument of `pmap`.

Source: https://github.com/jax-ml/jax/issues/11303
pmap hashes its static broadcast arguments like jit does; a dict cannot be hashed.

Observed on jax 0.10.x: raises ValueError
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.pmap, axis_name="devices", static_broadcasted_argnums=(1,))
def scaled_sum(x, options):
    return jax.lax.psum(x * options["scale"], "devices")


def run():
    x = jnp.ones((jax.local_device_count(), 3))
    scaled_sum(x, {"scale": 2.0})  # expect: JAX302
