"""`print` in a per-example function that is vmapped but not jitted.

Source: https://github.com/jax-ml/jax/issues/5206
Without `jit` nothing is cached: `vmap` traces its function on every call, so a print there runs
every call (it shows a batch tracer, which is what the user wanted to inspect).

Observed on jax 0.10.x: printed in 3 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def per_example_loss(w, x):
    print("tracing per_example_loss")
    return jnp.dot(w, x) ** 2


batched_loss = jax.vmap(per_example_loss, in_axes=(None, 0))


def run():
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            batched_loss(jnp.ones(3), jnp.ones((4, 3)))
        printed += bool(out.getvalue())
    return printed
