"""`print` in a loss that is differentiated but never jitted.

Source: https://github.com/jax-ml/jax/issues/19654
Code that runs `jax.grad(loss)` eagerly in a loop (as in this report) traces the loss on every
call: side effects in it run every time, so a print there is not frozen.

Observed on jax 0.10.x: printed in 3 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def loss(x_):
    print("evaluating loss")
    return jnp.sum(x_ ** 2)


loss_grad = jax.grad(loss)


def run():
    x = jnp.ones(3)
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            x = x - 0.1 * loss_grad(x)
        printed += bool(out.getvalue())
    return printed
