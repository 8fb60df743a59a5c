"""xjax (learning repo of JAX sequence models): the hand-written `GRU.__call__` runs
`for i in range(X.shape[1])` over the time axis of the one-hot minibatch, and training jits
`_step` (value_and_grad of the loss through that forward pass). The sequence length of the
traced batch becomes the trip count, so tracing unrolls one GRU cell per character (12 here; at 64 the CPU compile took 8 minutes),
forward and backward, into a single XLA program; lax.scan over the time axis traces it once.

Source: https://github.com/novastar53/xjax/blob/186f6a3423af9c0f5def21ac05c4eae7b151c63f/src/xjax/models/jax/_gru.py#L46
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp
import optax

from model import GRU, gru


def _loss(model: GRU, params, H, X_batch, Y_batch):
    _, Y_logits = model(params=params, H=H, X=X_batch)
    Y_batch = jnp.transpose(Y_batch, (1, 2, 0))
    return optax.sigmoid_binary_cross_entropy(Y_logits, Y_batch).mean()


def _step(loss_fn, optimizer, max_grad, optimizer_state, params, X_batch, Y_batch):
    hidden_size = params[0].shape[0]
    batch_size = X_batch.shape[0]
    H = jnp.zeros((hidden_size, batch_size))
    loss, grads = loss_fn(params, H, X_batch, Y_batch)
    clipped_grads = tuple(jnp.clip(grad, -max_grad, max_grad) for grad in grads)
    updates, optimizer_state = optimizer.update(clipped_grads, optimizer_state)
    params = optax.apply_updates(params, updates)
    return params, optimizer_state, loss


def run():
    vocab_size, hidden_size, seq_len, batch_size = 16, 32, 12, 8
    rng = jax.random.PRNGKey(0)
    rng, init_rng, data_rng = jax.random.split(rng, 3)
    params, model = gru(init_rng, vocab_size, hidden_size)
    optimizer = optax.adam(learning_rate=1e-3)
    optimizer_state = optimizer.init(params)
    loss_fn = jax.value_and_grad(partial(_loss, model))
    step_fn = jax.jit(partial(_step, loss_fn, optimizer, 1.0))
    tokens = jax.random.randint(data_rng, (batch_size, seq_len + 1), 0, vocab_size)
    X_batch = jnp.eye(vocab_size)[tokens[:, :-1]]
    Y_batch = jnp.eye(vocab_size)[tokens[:, 1:]]
    params, optimizer_state, loss = step_fn(optimizer_state, params, X_batch, Y_batch)
    loss.block_until_ready()
