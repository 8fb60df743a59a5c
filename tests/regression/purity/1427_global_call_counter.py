"""The lesson's impure example keeps a module-level `counter` and bumps it with `global counter`
inside the function that scales its input by the number of calls so far. Wrapped in jax.jit, the
increment runs once during tracing: the global stays at 1 and every compiled call multiplies by the
value captured at trace time instead of the current count.

Source: https://codesignal.com/learn/courses/jax-fundamentals-numpy-power-up/lessons/pure-functions-the-cornerstone-of-jax
Observed on jax 0.10.x: impure_scale compiled 1 times; 2 of 3 calls
"""
import jax
import jax.numpy as jnp

counter = 0


@jax.jit
def impure_scale(x):
    global counter
    counter += 1  # expect: JAX103
    return x * counter


def run():
    x = jnp.ones(3)
    wrong = 0
    for call in range(1, 4):
        out = impure_scale(x)
        wrong += int(float(out[0]) != float(call))
    return wrong
