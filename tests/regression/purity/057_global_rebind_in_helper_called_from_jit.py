"""A helper that bumps a `global` counter, called from a jitted function.

Source: https://github.com/jax-ml/jax/issues/3163
The report counted traces with `global my_fn_calls; my_fn_calls += 1` inside the jitted
function; moved into a helper it still counts traces, not calls.

Observed on jax 0.10.x: counted in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

forward_calls = 0


def count_call():
    global forward_calls
    forward_calls += 1  # expect: JAX103


@jax.jit
def forward(w, x):
    count_call()
    return x @ w


def run():
    counted = 0
    for _ in range(3):
        before = forward_calls
        forward(jnp.ones(3), jnp.ones(3))
        counted += forward_calls > before
    return counted
