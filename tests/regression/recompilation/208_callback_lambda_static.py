"""A lambda built on every call passed at a static (function) position.

Source: https://github.com/jax-ml/jax/pull/10121
"Avoid retracing when a host_callback.call is called multiple times with the same
function": host_callback built a lambda inside `call()`, and "the identity of
that lambda is different each time and will never lead to a ... compilation cache
hit"; the fix used a wrapper object with hash/equality. Here a post-processing
helper hands a freshly built lambda to a jitted function that takes the
transform as a static argument.

Observed on jax 0.10.2: apply_transform compiled 3 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(0,))
def apply_transform(fn, x):
    return fn(x) * 2.0


def postprocess(x, scale):
    return apply_transform(lambda v: jnp.tanh(v) * scale, x)  # expect: JAX405


def run():
    x = jnp.linspace(-1.0, 1.0, 8)
    out = None
    for _ in range(3):
        out = postprocess(x, 0.5)
    return out
