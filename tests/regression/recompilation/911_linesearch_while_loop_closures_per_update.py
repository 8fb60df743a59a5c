"""Backtracking line search whose ``update_fn`` defines ``cond_fn``/``body_fn``
closures and runs ``jax.lax.while_loop`` on them; the optimizer step is called
eagerly every iteration.

Source: https://github.com/google-deepmind/optax/issues/1171
"backtracking linesearch huge slow down -- recompiling functions every run of
update_fn?": ``search_state = jax.lax.while_loop(cond_fn, body_fn,
search_state)`` with ``cond_fn``/``body_fn`` "defined locally in update_fn, so
... it still seems weird to redefine and recompile cond_fn and body_fn each
time".

Observed on jax 0.10.2: while compiled 3 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SearchState(NamedTuple):
    stepsize: jnp.ndarray
    value: jnp.ndarray
    iter_num: jnp.ndarray


def scale_by_backtracking_linesearch(value_fn, max_backtracking_steps=10, decrease_factor=0.8):
    def update_fn(updates, params):
        value = value_fn(params)
        slope = -jnp.sum(updates * updates)

        def cond_fn(state):
            accept = state.value <= value + 1e-4 * state.stepsize * slope
            return (~accept) & (state.iter_num < max_backtracking_steps)

        def body_fn(state):
            stepsize = state.stepsize * decrease_factor
            return SearchState(stepsize, value_fn(params - stepsize * updates), state.iter_num + 1)

        init = SearchState(jnp.float32(1.0), value_fn(params - updates), jnp.int32(0))
        search_state = jax.lax.while_loop(cond_fn, body_fn, init)  # expect: JAX402
        return search_state.stepsize * updates

    return update_fn


def run():
    value_fn = lambda p: jnp.sum((p - 3.0) ** 2)
    update_fn = scale_by_backtracking_linesearch(value_fn)
    params = jnp.zeros(3)
    for _ in range(3):
        grads = jax.grad(value_fn)(params)
        params = params - update_fn(grads, params)
    return params
