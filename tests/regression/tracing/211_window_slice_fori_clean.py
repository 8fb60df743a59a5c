"""Sliding window taken with lax.dynamic_slice (the fix).

Source: https://stackoverflow.com/questions/76611278/indexerror-array-slice-indices-must-have-static-start-stop-step-to-be-used-with
The accepted fix for the traced-slice IndexError is a fixed-size
`lax.dynamic_slice(x, (i,), (k,))`. Same moving-sum loop as the hazard case.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

WINDOW = 3


@jax.jit
def moving_sums(x):
    n_out = x.shape[0] - WINDOW + 1

    def body(i, acc):
        window = jax.lax.dynamic_slice(x, (i,), (WINDOW,))
        return acc.at[i].set(window.sum())

    return jax.lax.fori_loop(0, n_out, body, jnp.zeros(n_out, x.dtype))


def run():
    return moving_sums(jnp.arange(10.0))
