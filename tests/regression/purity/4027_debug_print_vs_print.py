"""In a JAX learning repo's debugging notebook, the user first instruments a
jitted function with plain `print("print(x) ->", x)` / `print("print(y) ->",
y)`. Those prints run during tracing only (showing tracers) and are silent on
every later call; the notebook then switches to jax.debug.print.

Source: https://github.com/cJamesSmith/learn-jax/blob/70bad938f6590b6dc5bc05ca17597e086a89b991/official/6-debugging.ipynb
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    print("print(x) ->", x)  # expect: JAX101
    y = jnp.sin(x)
    print("print(y) ->", y)  # expect: JAX101
    return y


def run():
    shown = 0
    for v in (2.0, 3.0, 4.0):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            f(v).block_until_ready()
        shown += "print(x) ->" in buf.getvalue()
    return shown


if __name__ == "__main__":
    print(run())
