"""Deep Learning with JAX (Manning), section 5.2.1, on tracing with ShapedArray: Python
side effects happen only during tracing, and global values read by a jitted function are
captured as constants in the jaxpr. A reader's f1 scales its sum by a module-level
`global_scale` that the surrounding script changes between calls; the compiled f1 keeps
using the value it saw when it was first traced.

Source: https://livebook.manning.com/learn/concepts/shapedarray--data-structure/deep-learning-with-jax
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

global_scale = 2.0


@jax.jit
def f1(x, y, z):
    return jnp.sum(x + y * z) * global_scale  # expect: JAX108


def run():
    global global_scale
    x = jnp.array([1.0, 1.0, 1.0])
    y = jnp.ones((3, 3)) * 2.0
    z = jnp.array([2.0, 1.0, 0.0]).T
    base = float(jnp.sum(x + y * z))
    stale = 0
    for scale in (2.0, 3.0, 4.0):
        global_scale = scale
        if abs(float(f1(x, y, z)) - base * scale) > 1e-4:
            stale += 1
    return stale
