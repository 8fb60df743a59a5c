from typing import NamedTuple

import jax
import jax.numpy as jnp


class LineSearchState(NamedTuple):
    stepsize: jax.Array
    value: jax.Array
    num_steps: jax.Array


def init_state(value):
    # explicit dtypes: the state has the same type before and after a step
    return LineSearchState(stepsize=jnp.asarray(1.0, jnp.float32), value=value,
                           num_steps=jnp.asarray(0, jnp.int32))


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
