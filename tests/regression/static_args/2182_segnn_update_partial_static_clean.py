"""SEGNN-jax's training script jits `update(params, state, graph, target, opt_state,
loss_fn, opt_update)` with `static_argnames=["loss_fn", "opt_update"]` and, before the
epoch loop, binds them once: `loss_fn = partial(loss_fn, model_fn=model_fn)` and
`update_fn = partial(update, loss_fn=loss_fn, opt_update=opt_update)`. The static
partial is hashed by identity, but it is built once outside the loop, so every batch
reuses the same compiled update.

Source: https://github.com/gerkone/segnn-jax/blob/82b2cfa4348343e505111a5df27ea4732be99c68/experiments/train.py#L48
Observed on jax 0.10.x: update compiled 1 times
"""
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
import optax
from jax import jit


@partial(jit, static_argnames=["model_fn", "criterion"])
def loss_fn_wrapper(params, st_graph, target, model_fn: Callable, criterion: Callable):
    pred = model_fn(params, st_graph)
    return jnp.mean(criterion(pred, target))


@partial(jit, static_argnames=["loss_fn", "opt_update"])
def update(params, graph, target, opt_state, loss_fn: Callable, opt_update: Callable):
    loss, grads = jax.value_and_grad(loss_fn)(params, graph, target)
    updates, opt_state = opt_update(grads, opt_state, params)
    return loss, optax.apply_updates(params, updates), opt_state


def apply(params, graph):
    return jnp.tanh(graph @ params["w"]).sum(axis=-1)


def run():
    params = {"w": jnp.ones((3, 4)) * 0.1}
    opt_init, opt_update = optax.adamw(learning_rate=5e-4, weight_decay=1e-8)
    model_fn = jit(apply)
    loss_fn = partial(loss_fn_wrapper, model_fn=model_fn, criterion=lambda p, t: (p - t) ** 2)
    update_fn = partial(update, loss_fn=loss_fn, opt_update=opt_update)
    opt_state = opt_init(params)
    for e in range(3):
        for b in range(4):
            graph = jnp.ones((10, 3)) * (b + 1)
            target = jnp.zeros(10)
            loss, params, opt_state = update_fn(params, graph, target, opt_state)
