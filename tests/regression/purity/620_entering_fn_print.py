"""Nested jitted functions announce themselves with `print("entering ... now")`.

Source: https://github.com/jax-ml/jax/issues/7155
"inner `jit` functions are re-traced (and re-compiled)": the example has
`inner_fn` and `outer_fn`, both jitted, each starting with
`print("entering inner_fn now")` / `print("entering outer_fn now")`, and
`outer_fn` calls `inner_fn` ten times in a loop. The prints are trace-time
only: they appear during the first call and never again.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


@jax.jit
def inner_fn(state):
    print("entering inner_fn now")  # expect: JAX101
    return 2 * state


@jax.jit
def outer_fn(x):
    print("entering outer_fn now")  # expect: JAX101
    old_x = x
    for _ in range(10):
        x = inner_fn(x)
    return x + old_x


def run():
    state = jnp.arange(5, dtype=jnp.uint32)
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            outer_fn(state).block_until_ready()
        printed += bool(buf.getvalue())
    return printed
