"""Line-search state initialised with weak-typed scalars (``jnp.array(jnp.inf)``,
a Python ``0``) while update returns strongly-typed arrays, so the jitted
training step recompiles on its second call.

Source: https://github.com/google-deepmind/optax/pull/1175
"minor change so backtracking init and update return the same state types":
"if update is jitted, then first call (using state from init) will see
slightly different types than the second call (using state from update)
leading to an unnecessary recompilation. The difference is just in weak_type
on some values".  The diff changes ``value=jnp.array(jnp.inf)`` and
``decrease_error=jnp.array(jnp.inf)`` in
``scale_by_backtracking_linesearch``'s init to pass ``dtype=params.dtype``
(discovered in optax#1171).  linesearch.py keeps the pre-fix init.

Observed on jax 0.10.2: step compiled 2 times
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
        w, state = step(w, state)  # expect: JAX406
    return w
