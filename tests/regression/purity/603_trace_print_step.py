"""A loss function prints its intermediate value with plain `print`.

Source: https://github.com/jax-ml/jax/pull/4618
The PR shows `def f(x): print(x); print(repr(x)); return x` under `jit`:
what gets printed is `Traced<float32[]>`, and only while tracing, not the
value and not on later calls. Rebuilt as a small regression loss whose
author prints the residual norm for debugging.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


@jax.jit
def mse_loss(w, x, y):
    resid = x @ w - y
    print("residual norm:", jnp.linalg.norm(resid))  # expect: JAX101
    return jnp.mean(resid ** 2)


def run():
    x = jnp.ones((4, 2))
    y = jnp.arange(4.0)
    w = jnp.zeros(2)
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            mse_loss(w, x, y).block_until_ready()
        printed += bool(buf.getvalue())
        w = w + 0.1
    return printed
