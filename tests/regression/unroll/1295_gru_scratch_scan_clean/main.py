"""The merged d2l JAX GRU: forward runs the recurrence with jax.lax.scan over
the time axis, so the jitted loss traces one GRU cell regardless of
num_steps.

Source: https://github.com/d2l-ai/d2l-en/pull/2367
The PR's ``forward`` defines ``scan_fn(H, X)`` with the update, reset and
candidate-state equations and calls ``jax.lax.scan`` over ``inputs``
("Use lax.scan primitive instead of looping over the inputs, since scan saves
time in jit compilation").

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
