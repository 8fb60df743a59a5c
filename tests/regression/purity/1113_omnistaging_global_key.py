"""A global PRNG key rebound inside a jitted initializer (the omnistaging side-effect example).

Source: https://docs.jax.dev/en/latest/jep/4410-omnistaging.html
(section "Side-effects": ``init()`` does ``global key; key, subkey = random.split(key)``)

The upgrade guide shows an ``init`` that advances a module-level ``key`` with
``global key``. Eagerly every call returns fresh numbers; once ``init`` is
wrapped in ``jit`` the Python rebinding only happens while tracing: later calls
repeat the same draw ("0.48648298 ... 0.48648298 !!") and the global now holds an
escaped tracer. Here a small model builder draws each layer's kernel through a
jitted ``init_kernel`` that advances a global key; the four kernels after the
first are all equal to it.

Observed on jax 0.10.2: 4 of 4 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

_INIT_KEY = random.PRNGKey(0)


@jax.jit
def init_kernel(fan_in_scale):
    global _INIT_KEY
    _INIT_KEY, subkey = random.split(_INIT_KEY)  # expect: JAX103
    return random.normal(subkey, (16, 16)) * fan_in_scale


def build_mlp(depth):
    scale = jnp.float32(1.0 / np.sqrt(16.0))
    return [init_kernel(scale) for _ in range(depth)]


def run():
    kernels = build_mlp(5)
    first = np.asarray(kernels[0])
    return sum(int(np.array_equal(first, np.asarray(k))) for k in kernels[1:])
