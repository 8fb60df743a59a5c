"""Loss printing inside the jitted train step only happens while tracing.

Source: https://docs.jax.dev/en/latest/jit-compilation.html
(the ``log2_with_print`` example: "any ``print()`` calls will only happen during
tracing, and will not appear in the jaxpr")

The training script prints its loss through a small ``metrics.report`` helper
called from inside the jitted ``train_step``. The print runs once, when the step
is traced (and shows a tracer, not a number); the next four steps print
nothing, although the loop looks like it logs every step. The number of printed
loss lines over five steps is counted.

Observed on jax 0.10.2: 1 of 5 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from train import train_step


def run():
    kx, kw = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (64, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3
    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        for _ in range(5):
            params, loss = train_step(params, x, y, 0.1)
        jax.block_until_ready(loss)
    return buf.getvalue().count("[train] loss")
