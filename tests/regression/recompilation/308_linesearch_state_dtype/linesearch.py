from typing import NamedTuple

import jax
import jax.numpy as jnp


class LineSearchState(NamedTuple):
    stepsize: jax.Array
    value: jax.Array
    num_steps: jax.Array


def init_state(value):
    # Python scalars: weakly typed on the first call into the jitted step
    return LineSearchState(stepsize=1.0, value=value, num_steps=0)


def backtrack(fn, params, grad, state, shrink=0.5, c1=1e-4):
    def cond(carry):
        step, val, k = carry
        return (val > state.value - c1 * step * jnp.vdot(grad, grad)) & (k < 20)

    def body(carry):
        step, _, k = carry
        step = step * shrink
        return step, fn(params - step * grad), k + 1

    init = (state.stepsize, fn(params - state.stepsize * grad), state.num_steps)
    step, val, k = jax.lax.while_loop(cond, body, init)
    return LineSearchState(step / shrink * jnp.ones_like(val), val, k)
