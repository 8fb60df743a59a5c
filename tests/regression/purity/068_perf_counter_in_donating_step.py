"""A wall-clock timestamp taken inside a jitted update that donates its parameters.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html
Timing code inside a jitted function measures tracing, not execution: `time.perf_counter()`
runs once and its value is baked into the compiled function as a constant.

Observed on jax 0.10.x: changed in 1 of 3 calls
"""

import functools
import time

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=(0,))
def sgd_update(params, grads):
    started = time.perf_counter()  # expect: JAX106
    new_params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return new_params, jnp.asarray(started)


def run():
    params = {"w": jnp.ones(3)}
    stamps = set()
    for _ in range(3):
        params, stamp = sgd_update(params, {"w": jnp.ones(3)})
        time.sleep(0.01)
        stamps.add(float(stamp))
    return len(stamps)
