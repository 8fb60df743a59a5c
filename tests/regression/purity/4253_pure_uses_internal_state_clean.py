"""The JAX book's section 5.1.4 contrasts impure functions with
`pure_uses_internal_state(x)`, which builds a local `state = dict(even=0, odd=0)`,
updates `state["even" if i % 2 == 0 else "odd"] += x` in a ten-step Python loop and
returns the sum; the author jits it and calls it with 3.0 and with
jnp.array([5.0]). The dict is created inside the traced function, so mutating it is
invisible from outside and the jitted result is correct.

Source: https://github.com/halfroad/JAX/blob/b2dc5cffa05dc5899e9f2d14207ef41d8170cc9c/Chapters/05/5.1/5.1.4/ExplanationJustInTimeParameters.py#L37
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def pure_uses_internal_state(x):

    state = dict(even = 0, odd = 0)

    for i in range(10):

        state["even" if i % 2 == 0 else "odd"] += x

    return state["even"] + state["odd"]


def main():

    a = jax.jit(pure_uses_internal_state)(3.0)
    b = jax.jit(pure_uses_internal_state)(jnp.array([5.0]))
    return a, b


def run():
    a, b = main()
    assert float(a) == 30.0 and float(b[0]) == 50.0
    return 0
