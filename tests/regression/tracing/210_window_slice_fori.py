"""Sliding-window slice with a loop index inside fori_loop.

Source: https://stackoverflow.com/questions/76611278/indexerror-array-slice-indices-must-have-static-start-stop-step-to-be-used-with
The Stack Overflow question (linked from jax-ml/jax#7222) hit "IndexError:
Array slice indices must have static start/stop/step to be used with NumPy
indexing syntax" when slicing `x[i:i + k]` with a traced loop index. Here a
moving-sum feature computed in a `lax.fori_loop` body does this.

Observed on jax 0.10.2: raises IndexError
"""
import jax
import jax.numpy as jnp

WINDOW = 3


@jax.jit
def moving_sums(x):
    n_out = x.shape[0] - WINDOW + 1

    def body(i, acc):
        window = x[i:i + WINDOW]  # expect: JAX205
        return acc.at[i].set(window.sum())

    return jax.lax.fori_loop(0, n_out, body, jnp.zeros(n_out, x.dtype))


def run():
    return moving_sums(jnp.arange(10.0))
