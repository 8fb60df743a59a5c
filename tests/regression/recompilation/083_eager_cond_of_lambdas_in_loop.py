"""A test alternates between two states with `jax.lax.cond` of two lambdas inside its loop,
outside any jit. Outside a trace `lax.cond` compiles its branches as one program, cached on the
branch functions: two new lambdas on every iteration compile the cond again each time.

Source: https://github.com/google-deepmind/optax/blob/main/optax/_src/alias_test.py (the
dtype-stability test picks `state` or `new_state` with `jax.lax.cond` of lambdas in a loop).

Observed on jax 0.10.x: cond compiled 3 times
"""

import jax
import jax.numpy as jnp


def test_update_is_dtype_stable():
    state = jnp.zeros(3)
    for step in range(3):
        new_state = state + 1.0
        keep = jnp.asarray(step % 2 == 0)
        state = jax.lax.cond(keep, lambda: state, lambda: new_state)  # expect: JAX401
    return state


def run():
    test_update_is_dtype_stable()
