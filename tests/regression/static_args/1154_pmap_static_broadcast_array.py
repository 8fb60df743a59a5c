"""pmap'd helper receives a device array at a static_broadcasted_argnums position.

Source: https://github.com/google-deepmind/chex/commit/b39fc0e8b50f6983b460829684c72d40bab5b706
What happened: chex's variants_test.py (WithPmapAllAvailableDeviceTest) ran a function
under `variant(..., static_argnums=1)` -> `jax.pmap(..., static_broadcasted_argnums=1)` and
passed `varg_1 = _scalar_to_ndarray(arg_1, actual_shape)` (and in the sibling test
`varg_0 = jnp.zeros(n_copies) + 10`), i.e. arrays in the static broadcast slot.  Peter
Hawkins' commit "[JAX] Make sure that static arguments to jax.pmap are hashable in Chex"
passed the Python scalar instead and built the array inside the mapped function, because
JAX was about to reject unhashable static pmap arguments (as jit already did).  Here a
per-device normaliser receives its reference vector as a static broadcast argument.

Observed on jax 0.10.2: raises ValueError
"""
import functools

import jax
import jax.numpy as jnp
from jax import lax


@functools.partial(jax.pmap, axis_name="i", static_broadcasted_argnums=1)
def normalise_shard(x, offset):
    centred = x - offset
    return lax.psum(centred, axis_name="i")


def run():
    n_devices = jax.local_device_count()
    n_copies = 5
    shards = jnp.zeros((n_devices, n_copies)) + 10.0
    offset = jnp.zeros(n_copies) + 20.0
    out = normalise_shard(shards, offset)  # expect: JAX302
    return out.shape


if __name__ == "__main__":
    print(run())
