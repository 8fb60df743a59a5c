"""The look-alike of 701: the metrics helper of another module uses `jax.debug.print`, and the
host-side helper that builds a history runs outside the trace.

Source: https://github.com/google/flax/issues/743
`jax.debug.print` is the answer given there: it prints on every call, from the device.

Observed on jax 0.10.x: printed in 3 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp

from .metrics import history_of, report_loss


@jax.jit
def train_step(params):
    loss = jnp.sum(params ** 2)
    report_loss(loss)
    return params * 0.9, loss


def run():
    params = jnp.ones(3)
    printed = 0
    losses = []
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            params, loss = train_step(params)
            jax.effects_barrier()
        printed += bool(out.getvalue())
        losses.append(loss)
    history_of(losses)
    return printed
