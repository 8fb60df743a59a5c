"""Taking a window `x[i:i + 2]` at a traced position inside `jit`.

Source: https://github.com/jax-ml/jax/issues/7222
The issue is about the IndexError for slices with traced bounds (`x[i:i+2]` with `i` traced):
NumPy-style slicing needs static start/stop; `lax.dynamic_slice` is the way out.

Observed on jax 0.10.x: raises IndexError
"""

import jax
import jax.numpy as jnp


def moving_window_mean(signal, start):
    window = signal[start:start + 2]  # expect: JAX205
    return window.mean()


def run():
    return jax.jit(moving_window_mean)(jnp.arange(6.0), 2)
