"""`print` in a pmapped per-device update.

Source: https://github.com/google/flax/issues/743
Printing from compiled code needs a host callback; `pmap` stages its function like `jit`, so a
plain print shows once, at compile time.

Observed on jax 0.10.x: printed in 2 of 3 calls (the second call sees sharded inputs and traces again)
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def device_update(params, grads):
    grads = jax.lax.pmean(grads, axis_name="devices")
    print("averaged grads", grads)  # expect: JAX101
    return params - 0.1 * grads


p_update = jax.pmap(device_update, axis_name="devices")


def run():
    n = jax.local_device_count()
    params, grads = jnp.ones((n, 3)), jnp.ones((n, 3))
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            params = p_update(params, grads)
        printed += bool(out.getvalue())
    return printed
