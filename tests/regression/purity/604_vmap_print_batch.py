"""A per-example function prints its value and is vmapped inside a jitted batch step.

Source: https://github.com/jax-ml/jax/pull/2591
The PR's examples `def f(x): y = x ** 2; print(y); return y` under `vmap`
and `jacfwd` print a batch tracer rather than numbers. Rebuilt as a
per-example squared error that is vmapped over the batch by a jitted step;
the print happens once, at trace time, and shows a tracer.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


def per_example(pred, target):
    y = (pred - target) ** 2
    print(y)  # expect: JAX101
    return y


@jax.jit
def batch_loss(preds, targets):
    return jax.vmap(per_example)(preds, targets).mean()


def run():
    preds = jnp.arange(4.0)
    targets = jnp.ones(4)
    printed = 0
    for k in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            batch_loss(preds + k, targets).block_until_ready()
        printed += bool(buf.getvalue())
    return printed
