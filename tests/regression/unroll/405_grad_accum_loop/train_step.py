import functools

import jax
import jax.numpy as jnp

from model import loss_fn


@functools.partial(jax.jit, static_argnums=0)
def train_step(cfg, params, batch):
    """batch: [accum_steps * micro_batch, seq]"""
    micro = batch.reshape(cfg.gradient_accumulation_steps, cfg.micro_batch, -1)
    grads = jax.tree_util.tree_map(jnp.zeros_like, params)
    loss = 0.0
    for i in range(cfg.gradient_accumulation_steps):  # expect: JAX407
        l, g = jax.value_and_grad(loss_fn)(params, micro[i])
        grads = jax.tree_util.tree_map(jnp.add, grads, g)
        loss += l
    n = cfg.gradient_accumulation_steps
    params = jax.tree_util.tree_map(lambda p, g: p - cfg.learning_rate * g / n, params, grads)
    return params, loss / n
