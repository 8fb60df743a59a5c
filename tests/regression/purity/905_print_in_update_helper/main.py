"""Printing gradients from an optimiser helper that the jitted update calls.

Source: https://github.com/jax-ml/jax/issues/196
"How to print values inside a @jit-compiled function?": the user printed in
the optimizer update used by a ``@jit`` ``update`` and got
``Traced<ShapedArray(float32[1,64])...>``; mattjj explains that the print runs
at trace time only ("you should just remove @jit, and maybe move it to
opt_update instead").

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
from jax import jit

from optim import sgd_update


def loss(params, batch):
    x, y = batch
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@jit
def update(params, batch):
    grads = jax.grad(loss)(params, batch)
    return sgd_update(params, grads, 0.1)


def run():
    params = {"w": jnp.zeros((3, 1)), "b": jnp.zeros(1)}
    batch = (jnp.ones((5, 3)), jnp.ones((5, 1)))
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            params = update(params, batch)
        printed += "grads:" in buf.getvalue()
    return printed
