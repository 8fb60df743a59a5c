"""Flax's ``nnx.MultiMetric`` stored its ``_metric_names`` as a ``list``. That
field is static graph metadata, so when the split graphdef is passed to a jitted
eval step as a static argument, hashing it hits the list and jit refuses the
call ("Non-hashable static arguments are not supported ... unhashable type:
'list'"). The fix changed the field to a tuple.

Source: https://github.com/google/flax/pull/5492
Observed on jax 0.10.x: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp

from metrics import split


@partial(jax.jit, static_argnums=0)
def eval_step(graphdef, state, logits, labels):
    loss = -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(labels, logits.shape[-1]), -1))
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    totals = state["totals"] + jnp.stack([loss, acc])
    return {"totals": totals, "count": state["count"] + 1.0}


def run():
    graphdef, state = split(["loss", "accuracy"])
    logits = jnp.zeros((8, 10))
    labels = jnp.arange(8) % 10
    state = eval_step(graphdef, state, logits, labels)
    return graphdef.merge(state)
