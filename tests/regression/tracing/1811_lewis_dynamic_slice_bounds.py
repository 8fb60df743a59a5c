"""In Confirm Solutions' Lewis adaptive-trial simulation, each simulated trial reads a window of
pre-drawn outcomes whose start/end come from traced interim-analysis indices. The first version
sliced directly, `y = y[x[0]:x[1]]`, inside the jitted function; their notes explain that "JAX
cannot jit a[i:j] where i, j are non-static" and they replaced it with the lazily evaluated
`ArraySlice0` wrapper from jax_wrappers.py, which only ever indexes `array[start + index]`.

Source: https://github.com/Confirm-Solutions/confirmasaurus/blob/cc197fceb543e04b01f3f5d8d70dfa4102a86ad5/research/lei/lewis/jax_wrappers.py#L4
Observed on jax 0.10.x: raises IndexError
"""
import jax
import jax.numpy as jnp


@jax.jit
def f(x, y):
    y = y[x[0]:x[1]]  # expect: JAX205
    return y[0]


def run():
    bounds = jnp.array([3, 7])
    outcomes = jnp.arange(20.0)
    return float(f(bounds, outcomes))
