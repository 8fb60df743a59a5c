"""Printing the loss from inside a jitted training step.

Source: https://github.com/google/flax/issues/743
Users asked for a way to print from within a jitted function: a plain `print` of the loss in a
`jax.jit` train step shows a tracer on the first call and nothing on the calls after it.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io
from functools import partial

import jax
import jax.numpy as jnp


def mse(params, batch):
    inputs, targets = batch
    return jnp.mean((inputs @ params - targets) ** 2)


@partial(jax.jit, static_argnames=("lr",))
def train_step(params, batch, lr=0.1):
    loss, grads = jax.value_and_grad(mse)(params, batch)
    print(f"loss={loss}")  # expect: JAX101
    return params - lr * grads


def run():
    params = jnp.zeros(3)
    batch = (jnp.ones((4, 3)), jnp.ones(4))
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            params = train_step(params, batch)
        printed += bool(out.getvalue())
    return printed
