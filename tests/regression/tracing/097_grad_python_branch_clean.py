"""A Python `if` on the input of a function differentiated with `jax.grad` alone.

Source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html
`grad` traces with concrete values, so Python control flow on them works (the gotchas page's
"Python control flow + autodiff" example).

Observed on jax 0.10.x: runs
"""

import jax


def piecewise(x):
    if x < 3:
        return 3.0 * x**2
    return -4.0 * x


def run():
    jax.grad(piecewise)(2.0)
    jax.grad(piecewise)(4.0)
