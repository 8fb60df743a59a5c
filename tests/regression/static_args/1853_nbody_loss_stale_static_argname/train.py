"""N-body training helpers (after benchmarks/nbody/train.py in smsharma/eqnn-jax)."""
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
import optax
from jax import jit


@partial(jit, static_argnames=["model_fn", "criterion", "eval_trn", "steerable", "egnn", "global_task"])  # expect: JAX304
def loss_fn_wrapper(
    params,
    st_graph,
    target: jnp.ndarray,
    model_fn: Callable,
    criterion: Callable,
    steerable: bool,
    egnn: bool,
    global_task: bool = False,
) -> float:
    if not global_task:
        pred = model_fn(params, st_graph)
        if egnn:
            pred = pred[..., :3]
    else:
        pred = model_fn(params, st_graph).squeeze()
    assert target.shape == pred.shape
    return jnp.mean(criterion(pred, target))


@partial(jit, static_argnames=["loss_fn", "opt_update"])
def update(params, graph, target, opt_state, loss_fn: Callable, opt_update: Callable):
    loss, grads = jax.value_and_grad(loss_fn)(params, graph, target)
    updates, opt_state = opt_update(grads, opt_state, params)
    return loss, optax.apply_updates(params, updates), opt_state
