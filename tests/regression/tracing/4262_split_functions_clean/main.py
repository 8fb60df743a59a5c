"""The JAX book's "split functions" listing (chapter 6.2.2) keeps the Python
`while i < n:` loop OUTSIDE jit and only jits the small `loop_body(previous_i)` that
returns `previous_i + 1`; `g_inner_jitted(x, n)` drives the loop eagerly. The loop
condition compares a concrete (already computed) array with a Python int, so the
truth value is available: it looks like a traced `while` but runs correctly.

Source: https://github.com/halfroad/JAX/blob/2b208212a13ce7d05e514ff6de5e6cb369fdf5a9/Chapters/06/6.2/JaxPerformanceBolster/6.2.2/ImplicitParametersNotTraced/SplitFunctions.py#L9
Observed on jax 0.10.x: runs
"""
from body import loop_body


def g_inner_jitted(x, n):

    i = 0

    while i < n:

        i = loop_body(i)

    return x + i


def run():
    result = g_inner_jitted(10, 20)
    assert int(result) == 30
    return 0
