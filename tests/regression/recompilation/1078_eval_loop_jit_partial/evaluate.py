import functools

import jax

from metrics import eval_loss


def evaluate(params, batches, cfg):
    losses = []
    for batch in batches:
        loss_fn = jax.jit(functools.partial(eval_loss, cfg))
        losses.append(loss_fn(params, batch))  # expect: JAX401
    return sum(losses) / len(losses)
