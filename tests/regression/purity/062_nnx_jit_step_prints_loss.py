"""`print` of the loss inside an `nnx.jit` training step.

Source: https://github.com/google/flax/issues/743
Users ask how to print from inside a jitted Flax function: a Python `print` in the step runs
while the step is traced, shows a tracer once and stays silent on every later step.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax.numpy as jnp
import optax
from flax import nnx


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    print(f"step loss: {loss}")  # expect: JAX101
    return loss


def run():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            train_step(model, optimizer, jnp.ones((4, 3)), jnp.zeros((4, 1)))
        printed += bool(out.getvalue())
    return printed
