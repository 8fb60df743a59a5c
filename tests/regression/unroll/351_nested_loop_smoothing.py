"""Nested Python loops over array positions inside a jitted smoothing filter.

Source: https://openillumi.com/en/en-jax-jit-slow-for-loop-optimization
A user wrapped NumPy-style nested for loops (a sliding-window convolution over
the array) in jax.jit and found compilation excessively long and execution
slower: jit traces and unrolls every iteration, so the program size grows
with the signal length times the kernel width. The fix was to vectorise
(jnp.convolve / lax primitives).

Observed on jax 0.10.2: runs
(kernel 5: the traced program has 3,969 equations for a 128-sample signal and
8,065 for 256 samples -- it grows with the signal length.)
"""
import jax
import jax.numpy as jnp


@jax.jit
def moving_average(signal, kernel):
    n, k = signal.shape[0], kernel.shape[0]
    out = jnp.zeros(n - k + 1)
    for i in range(n - k + 1):  # expect: JAX407
        acc = 0.0
        for j in range(k):
            acc = acc + signal[i + j] * kernel[j]
        out = out.at[i].set(acc)
    return out


def run():
    t = jnp.linspace(0.0, 6.0, 256)
    signal = jnp.sin(t) + 0.1 * jnp.cos(17.0 * t)
    kernel = jnp.ones(5) / 5.0
    return moving_average(signal, kernel)
