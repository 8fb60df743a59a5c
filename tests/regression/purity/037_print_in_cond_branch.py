"""`print` in a `lax.cond` branch function inside a jitted step.

Source: https://github.com/jax-ml/jax/issues/457
Prints used to see which branch runs fire when the branches are traced: both branches, once per
compilation, regardless of which branch the data selects later.

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def reset_branch(state):
    print("resetting episode")  # expect: JAX101
    return jnp.zeros_like(state)


@jax.jit
def maybe_reset(state, done):
    return jax.lax.cond(done, reset_branch, lambda s: s + 1.0, state)


def run():
    printed = 0
    state = jnp.ones(2)
    for done in (True, False, True):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            state = maybe_reset(state, done)
        printed += bool(out.getvalue())
    return printed
