"""Printing the loss from a helper module that a jitted training step calls.

Source: https://github.com/google/flax/issues/743
Users asked for a way to print from within a jitted function; in a training script the `print`
often sits in a metrics helper of another module (`from .metrics import report_loss`), where
it shows a tracer on the first call and nothing on the calls after it.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp

from .metrics import mse, report_loss


@jax.jit
def train_step(params, batch):
    loss, grads = jax.value_and_grad(mse)(params, batch)
    report_loss(loss)
    return params - 0.1 * grads


def run():
    params = jnp.zeros(3)
    batch = (jnp.ones((4, 3)), jnp.ones(4))
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            params = train_step(params, batch)
        printed += bool(out.getvalue())
    return printed
