"""A from-scratch GRU iterates over the time axis with a Python loop inside a
jitted loss, so every time step (num_steps, from the batch shape) is unrolled
into the trace and its gradient.

Source: https://github.com/d2l-ai/d2l-en/pull/2367
"JAX: Add GRU" for d2l.ai: the JAX ``GRUScratch.forward`` replaces the
``for X in inputs:`` loop of the other frameworks with ``jax.lax.scan``, with
the review settling on the comment "Use lax.scan primitive instead of looping
over the inputs, since scan saves time in jit compilation" (the companion LSTM
PR notes "A long for loop in the forward method will result in extremely long
JIT compilation time").  This case keeps the loop form used by the PyTorch/
MXNet tabs: gru.py (model), trainer.py (jitted loss and gradient), driver.  With
num_steps=64 compiling the jitted loss-and-gradient took 2m21s on this CPU
("Very slow compile?" alarm); the case uses 12 steps to stay fast.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from gru import GRUScratch, init_gru_params
from trainer import loss_and_grad


def run():
    num_steps, batch, vocab, hidden = 12, 4, 8, 16
    model = GRUScratch(vocab, hidden)
    params = init_gru_params(jax.random.PRNGKey(0), vocab, hidden)
    params["W_out"] = jnp.zeros((hidden, vocab))
    inputs = jax.nn.one_hot(jnp.arange(num_steps * batch).reshape(num_steps, batch) % vocab, vocab)
    loss, grads = loss_and_grad(model, params, inputs, inputs)
    return loss
