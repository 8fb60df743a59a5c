"""What `jnp.vectorize` passes to its function: measured on jax 0.10.2.

    /work/venv/bin/python bench/vectorize_traces.py

Prints (jax 0.10.2, CPU):
    scalar signature over a vector, no jit: TracerBoolConversionError
    core signature (n)->(), one batch dim, no jit: TracerBoolConversionError
    excluded positional argument: ok
    calls of the function for two calls: 2
    jnp.zeros((math.prod(dim), 1)) on a vectorized dim, no batch dim, no jit: ok
    jnp.zeros((math.prod(dim), 1)) on a vectorized dim, one batch dim: ok
    jnp.zeros((math.prod(dim), 1)) on a vectorized dim, under jit: TypeError
"""

import math

import jax.numpy as jnp

calls = []


def positive(x):
    calls.append(1)
    if x > 0:
        return x
    return -x


def total(x):
    if x.sum() > 0:
        return x.sum()
    return -x.sum()


def scaled(x, n):
    if n > 1:
        return x * n
    return x


for label, run in (
    ("scalar signature over a vector, no jit", lambda: jnp.vectorize(positive)(jnp.arange(3.0))),
    ("core signature (n)->(), one batch dim, no jit", lambda: jnp.vectorize(total, signature="(n)->()")(jnp.ones((2, 3)))),
    ("excluded positional argument", lambda: jnp.vectorize(scaled, excluded={1})(jnp.arange(3.0), 2)),
):
    try:
        run()
        print(f"{label}: ok")
    except Exception as error:  # noqa: BLE001 - the measurement is the error's type
        print(f"{label}: {type(error).__name__}")

calls.clear()
f = jnp.vectorize(lambda x: (calls.append(1), x * 2)[1])
f(jnp.arange(3.0))
f(jnp.arange(3.0))
print(f"calls of the function for two calls: {len(calls)}")


def ket(dim):
    return jnp.zeros((math.prod(dim), 1))


import jax  # noqa: E402

for label, run in (
    ("no batch dim, no jit", lambda: jnp.vectorize(ket, signature="(n)->(m,1)")(jnp.array([3, 2]))),
    ("one batch dim", lambda: jnp.vectorize(ket, signature="(n)->(m,1)")(jnp.array([[3, 2]]))),
    ("under jit", lambda: jax.jit(lambda: jnp.vectorize(ket, signature="(n)->(m,1)")(jnp.array([3, 2])))()),
):
    try:
        run()
        print(f"jnp.zeros((math.prod(dim), 1)) on a vectorized dim, {label}: ok")
    except Exception as error:  # noqa: BLE001 - the measurement is the error's type
        print(f"jnp.zeros((math.prod(dim), 1)) on a vectorized dim, {label}: {type(error).__name__}")
