"""From a JAX learning repo's notes on jit: the user writes `g(x, n)` that counts
up to `n` with a Python `while i < n:` loop and calls `jax.jit(g)(10, 20)`.
With `n` traced, the loop condition is a traced boolean and tracing raises
TracerBoolConversionError; the variant that only jits the loop body (and keeps
the while loop in Python) works.

Source: https://github.com/cJamesSmith/learn-jax/blob/70bad938f6590b6dc5bc05ca17597e086a89b991/official/3-jit.ipynb
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax

from loops import g, g_inner_jitted


def run():
    g_inner_jitted(10, 20)  # fine: only the body is jitted
    return jax.jit(g)(10, 20)


if __name__ == "__main__":
    run()
