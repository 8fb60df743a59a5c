"""A speech seq2seq training script accumulates gradients over micro-batches inside the jitted
train_step. The loop over accumulation steps is written with `jax.lax.scan` (moved there from
fori_loop for faster compilation), so the number of accumulation steps does not unroll the graph.

Source: https://github.com/sanchit-gandhi/seq2seq-speech/pull/11
Observed on jax 0.10.x: train_step compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp

from train_utils import accumulate_gradients


@partial(jax.jit, static_argnums=(2,))
def train_step(params, batch, gradient_accumulation_steps):
    loss, grads = accumulate_gradients(params, batch, gradient_accumulation_steps)
    params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)
    return params, loss


def run():
    params = {"w": jnp.zeros((8, 5)), "b": jnp.zeros((5,))}
    for step in range(3):
        batch = {"inputs": jnp.ones((64, 8)) * step, "labels": jnp.zeros((64,), jnp.int32)}
        params, _ = train_step(params, batch, 16)
    return None


if __name__ == "__main__":
    run()
