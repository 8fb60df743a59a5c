"""Backtracking (Armijo) line search as an optax-style gradient transformation."""
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class BacktrackingLinesearchInfo(NamedTuple):
    num_linesearch_steps: Any
    decrease_error: Any


class ScaleByBacktrackingLinesearchState(NamedTuple):
    learning_rate: Any
    value: Any
    info: BacktrackingLinesearchInfo


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def scale_by_backtracking_linesearch(max_backtracking_steps=15, slope_rtol=1e-4,
                                     decrease_factor=0.8):
    def init_fn(params):
        return ScaleByBacktrackingLinesearchState(
            learning_rate=jnp.array(1.0),
            value=jnp.array(jnp.inf),
            info=BacktrackingLinesearchInfo(
                num_linesearch_steps=0,
                decrease_error=jnp.array(jnp.inf),
            ),
        )

    def update_fn(updates, state, params, *, value, grad, value_fn):
        slope = sum(jnp.vdot(u, g) for u, g in zip(jax.tree_util.tree_leaves(updates),
                                                   jax.tree_util.tree_leaves(grad)))

        def trial(stepsize):
            new_params = jax.tree_util.tree_map(lambda p, u: p + stepsize * u, params, updates)
            new_value = value_fn(new_params)
            return new_value - value - stepsize * slope_rtol * slope, new_value

        def cond(carry):
            i, stepsize, err, _ = carry
            return (i < max_backtracking_steps) & (err > 0)

        def body(carry):
            i, stepsize, _, _ = carry
            stepsize = stepsize * decrease_factor
            err, new_value = trial(stepsize)
            return i + 1, stepsize, err, new_value

        err0, val0 = trial(state.learning_rate)
        steps, stepsize, err, new_value = jax.lax.while_loop(
            cond, body, (jnp.array(0), state.learning_rate, err0, val0))
        new_updates = jax.tree_util.tree_map(lambda u: stepsize * u, updates)
        new_state = ScaleByBacktrackingLinesearchState(
            learning_rate=stepsize,
            value=new_value,
            info=BacktrackingLinesearchInfo(steps, jnp.maximum(err, 0.0)),
        )
        return new_updates, new_state

    return GradientTransformation(init_fn, update_fn)
