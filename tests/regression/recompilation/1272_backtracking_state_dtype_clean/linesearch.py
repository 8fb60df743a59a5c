"""Backtracking line search as an optax-style gradient transformation."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class BacktrackingInfo(NamedTuple):
    num_linesearch_steps: object
    decrease_error: object


class BacktrackingState(NamedTuple):
    learning_rate: jnp.ndarray
    value: jnp.ndarray
    info: BacktrackingInfo


def init(params):
    return BacktrackingState(
        learning_rate=jnp.array(1.0, dtype=params.dtype),
        value=jnp.array(jnp.inf, dtype=params.dtype),
        info=BacktrackingInfo(
            num_linesearch_steps=jnp.asarray(0, dtype=jnp.int32),
            decrease_error=jnp.array(jnp.inf, dtype=params.dtype),
        ),
    )


def update(grads, state, params, value_fn, max_steps=10):
    value = value_fn(params)
    lr = state.learning_rate * 2.0

    def cond(c):
        lr, k = c
        return (value_fn(params - lr * grads) > value - 1e-4 * lr * jnp.vdot(grads, grads)) & (k < max_steps)

    def body(c):
        lr, k = c
        return lr * 0.5, k + 1

    lr, k = jax.lax.while_loop(cond, body, (lr, jnp.asarray(0, dtype=jnp.int32)))
    new_value = value_fn(params - lr * grads)
    info = BacktrackingInfo(num_linesearch_steps=k, decrease_error=jnp.maximum(new_value - value, 0.0))
    return -lr * grads, BacktrackingState(lr, new_value, info)
