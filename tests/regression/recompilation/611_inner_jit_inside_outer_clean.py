"""A jitted helper called repeatedly from inside another jitted function (clean).

Source: https://github.com/jax-ml/jax/issues/7155
The issue asked whether inner `jit` functions are re-traced/re-compiled when
called in a Python loop inside an outer `jit`. With the pjit merge the inner
call is inlined into the outer trace: `inner_fn` compiles once for its own
top-level call and `outer_fn` once, however many times the loop runs.

Observed on jax 0.10.2: inner_fn compiled 1 times, outer_fn compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def inner_fn(state):
    return 2 * state


@jax.jit
def outer_fn(x):
    old_x = x
    for _ in range(10):
        x = inner_fn(x)
    return x + old_x


def run():
    state = jnp.arange(5, dtype=jnp.uint32)
    inner_fn(state)
    out = None
    for _ in range(3):
        out = outer_fn(state)
    return out
