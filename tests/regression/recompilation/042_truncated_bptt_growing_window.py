"""Truncated backprop through time over a window `xs[:, :t]` that grows with the step.

Source: https://github.com/jax-ml/jax/issues/837
Inputs of growing size passed to a jitted function recompile it every time; a sequence window
that widens each step is such an input.

Observed on jax 0.10.x: rnn_loss compiled 6 times (twice per window length under `jax.grad`)
"""

import jax
import jax.numpy as jnp


@jax.jit
def rnn_loss(w, xs):
    def cell(h, x):
        h = jnp.tanh(w * h + x)
        return h, h

    _, hs = jax.lax.scan(cell, jnp.zeros(xs.shape[0]), xs.T)
    return jnp.mean(hs ** 2)


def train(w, xs, steps=3):
    for t in range(1, steps + 1):
        w = w - 0.1 * jax.grad(rnn_loss)(w, xs[:, :t])  # expect: JAX404
    return w


def run():
    train(jnp.float32(0.5), jnp.ones((2, 5)))
