"""Gradient accumulation over micro-batches with a Python loop inside the jitted step.

Source: https://github.com/fattorib/ZeRO-transformer/issues/13
The second place the issue lists for `jax.lax.scan`: "gradient accumulation in
train_step". The number of accumulation steps is derived from the batch shape,
so every micro-batch's forward and backward pass is unrolled into the program.

Observed on jax 0.10.2: train_step compiled 1 time
"""
from functools import partial

import jax
import jax.numpy as jnp


def loss_fn(params, xb, yb):
    pred = jnp.tanh(xb @ params["w1"]) @ params["w2"]
    return jnp.mean((pred - yb) ** 2)


@partial(jax.jit, static_argnames=("micro_batch",))
def train_step(params, x, y, micro_batch):
    accum_steps = x.shape[0] // micro_batch
    grads = jax.tree_util.tree_map(jnp.zeros_like, params)
    loss = 0.0
    for i in range(accum_steps):  # expect: JAX407
        xb = x[i * micro_batch:(i + 1) * micro_batch]
        yb = y[i * micro_batch:(i + 1) * micro_batch]
        l, g = jax.value_and_grad(loss_fn)(params, xb, yb)
        grads = jax.tree_util.tree_map(jnp.add, grads, g)
        loss = loss + l
    grads = jax.tree_util.tree_map(lambda g: g / accum_steps, grads)
    params = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, grads)
    return params, loss / accum_steps


def run():
    params = {"w1": jnp.ones((4, 8)) * 0.1, "w2": jnp.ones((8, 1)) * 0.1}
    x = jnp.ones((128, 4))
    y = jnp.zeros((128, 1))
    params, loss = train_step(params, x, y, micro_batch=4)
    return loss
