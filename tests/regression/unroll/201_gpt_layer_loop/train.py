from functools import partial

import jax
import jax.numpy as jnp

from .model import forward


@partial(jax.jit, static_argnames=("cfg",))
def train_step(params, tokens, targets, cfg):
    def loss_fn(p):
        logits = forward(p, tokens, cfg)
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], -1))

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree_util.tree_map(lambda p, g: p - 1e-3 * g, params, grads)
    return params, loss
