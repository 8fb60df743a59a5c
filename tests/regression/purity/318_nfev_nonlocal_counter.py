"""Objective wrapped in a counting decorator (nonlocal counter) and then jitted.

Source: https://github.com/flatironinstitute/nemos/pull/483
nemos counts compilations with a decorator that bumps a counter from inside the traced
function -- which works precisely because the body only runs while JAX traces.  The
same decorator used to report a solver's number of function evaluations (scipy-style
`nfev`) under jit counts traces, not evaluations.

Observed on jax 0.10.2: 1 of 5 calls
"""
import functools

import jax
import jax.numpy as jnp


def count_evaluations(fn):
    n_calls = 0

    @functools.wraps(fn)
    def wrapped(*args):
        nonlocal n_calls
        n_calls += 1  # expect: JAX103
        return fn(*args)

    wrapped.nfev = lambda: n_calls
    return wrapped


@count_evaluations
def rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2)


def gradient_descent(x0, n_iter=5, lr=1e-3):
    value_and_grad = jax.jit(jax.value_and_grad(rosenbrock))
    x = x0
    for _ in range(n_iter):
        f, g = value_and_grad(x)
        x = x - lr * g
    return x, rosenbrock.nfev()


def run():
    _, nfev = gradient_descent(jnp.zeros(3))
    return nfev
