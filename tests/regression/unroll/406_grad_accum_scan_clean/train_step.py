import functools

import jax
import jax.numpy as jnp

from model import loss_fn


@functools.partial(jax.jit, static_argnums=0)
def train_step(cfg, params, batch):
    """batch: [accum_steps * micro_batch, seq]"""
    micro = batch.reshape(cfg.gradient_accumulation_steps, cfg.micro_batch, -1)

    def accumulate(carry, mb):
        grads, loss = carry
        l, g = jax.value_and_grad(loss_fn)(params, mb)
        return (jax.tree_util.tree_map(jnp.add, grads, g), loss + l), None

    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    (grads, loss), _ = jax.lax.scan(accumulate, (zeros, jnp.zeros(())), micro)
    n = cfg.gradient_accumulation_steps
    params = jax.tree_util.tree_map(lambda p, g: p - cfg.learning_rate * g / n, params, grads)
    return params, loss / n
