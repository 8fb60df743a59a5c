"""A CrackedAI Code lesson ("Tracing: Shape vs Value") contrasts two branches a
user writes inside jitted code: `f` branches on `x.shape[-1]`, a plain Python
int, and is fine; `g` branches on `jnp.sum(x) > threshold`, which under
jax.jit is a traced boolean, so Python's `if` cannot decide it and tracing
stops with TracerBoolConversionError.

Source: https://crackedaicode.com/problems/jax-tracing-shape-vs-value
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp
from jax import jit


# OK -- branching on a static shape (resolved at trace time)
def f(x):
    if x.shape[-1] == 3:
        return x.sum(axis=-1)
    else:
        return x.mean(axis=-1)


# BREAKS under jit -- branching on a runtime value
def g(x, threshold=1.0):
    if jnp.sum(x) > threshold:  # expect: JAX201
        return x * 2.0
    else:
        return x - 1.0


def run():
    x = jnp.array([0.5, 1.0, 1.5])
    jit(f)(x)
    return jit(g)(x)


if __name__ == "__main__":
    run()
