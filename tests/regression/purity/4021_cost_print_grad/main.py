"""A Q&A answer on TaoURL ("print statements inside the cost function do not
always execute") puts a `print("Inside cost function")` in the loss and takes
`jax.grad` of it. In the optimisation loop the gradient function is jitted,
so the print is a trace-time side effect: it shows up on the first step and
never again, although the cost function is evaluated on every step
(jax.debug.print is the suggested fix).

Source: https://taourl.com/read-2676532.html
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from model import cost_function

grad_function = jax.jit(jax.grad(cost_function))


def run():
    x = jnp.array([2.0, -1.0])
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            g = grad_function(x)
            g.block_until_ready()
        printed += "Inside cost function" in buf.getvalue()
        x = x - 0.1 * g
    return printed


if __name__ == "__main__":
    print(run())
