"""pytroubles: "How to avoid TracerArrayConversionError in JAX: don't mutate object attributes
inside jit". A `Box.apply_jit` method, jitted with `self` static, stores its intermediate result
on `self.cache`. Converting the returned value with `np.array` works; converting `box.cache`
afterwards raises TracerArrayConversionError, because what was stored during tracing is a tracer.

Source: https://pytroubles.com/en/posts/id912-jax-jit-and-object-state-fixing-tracerarrayconversionerror-from-in-method-attribute-mutation
Observed on jax 0.10.x: raises TracerArrayConversionError
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def host_bootstrap():
    print("This code runs once at the beginning of the program.")
    return jnp.array([1.0, 2.0, 3.0])


class Box:
    @partial(jax.jit, static_argnums=0)
    def apply_jit(self, arr):
        print("This code runs once during the first trace.")
        out = arr * 2
        self.cache = out  # expect: JAX105
        return out


def run():
    payload = host_bootstrap()
    box = Box()
    out1 = box.apply_jit(payload)  # Tracing happens here
    np.array(out1)
    np.array(box.cache)
