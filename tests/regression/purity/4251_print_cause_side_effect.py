"""A JAX book's companion listing 5-5 ("print causes a side effect") defines
`impure_print_side_effect(x)` that prints "Conduct function to compute" and returns x,
then jits it three times and calls it with 4., 5. and jnp.array([5.]). The printed
line is part of the trace, not of the compiled computation: it appears on the first
call and on the call with a new input type, but the second call is silent - the
output the author pasted into the listing shows exactly that.

Source: https://github.com/halfroad/JAX/blob/9a639efc76e21df8e706c0954b845fb0e5f0ef83/Chapters/05/5.2/5.2.1/5-5/PrintCauseSideEffect.py#L4
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


def impure_print_side_effect(x):

    # Print is the side-effect
    print("Conduct function to compute")  # expect: JAX101

    return x


def start():

    jit_impure_print_side_effect1 = jax.jit(impure_print_side_effect)
    jit_impure_print_side_effect2 = jax.jit(impure_print_side_effect)
    jit_impure_print_side_effect3 = jax.jit(impure_print_side_effect)

    return [(jit_impure_print_side_effect1, 4.),
            (jit_impure_print_side_effect2, 5.),
            (jit_impure_print_side_effect3, jnp.array([5.]))]


def run():
    silent = 0
    for fn, arg in start():
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            fn(arg)
        # eager Python prints on every call
        silent += "Conduct function to compute" not in buf.getvalue()
    return silent
