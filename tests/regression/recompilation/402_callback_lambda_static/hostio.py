import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnums=0)
def call_host(host_fn, x):
    shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(host_fn, shape, x)


def clip_on_host(x, lo, hi):
    # the host function is wrapped in a fresh lambda on every call
    return call_host(lambda v: np.clip(v, lo, hi).astype(v.dtype), x)  # expect: JAX405
