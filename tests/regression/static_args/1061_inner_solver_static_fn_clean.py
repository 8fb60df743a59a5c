"""Inner solver jitted with the objective function and step count static.

Source: https://github.com/benchopt/benchmark_bilevel/pull/20
What happened: the bilevel benchmark's jaxopt solver decorates
``inner_solver_fun`` with ``static_argnames=("f", "n_steps")``: the objective is
a module-level function (hashable by identity) and the step count an int.
Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp


def inner_objective(inner_var, outer_var):
    return jnp.sum((inner_var - outer_var) ** 2) + 0.1 * jnp.sum(inner_var ** 2)


@functools.partial(jax.jit, static_argnames=("f", "n_steps"))
def inner_solver_fun(outer_var, inner_var, f=None, n_steps=1, lr=0.1):
    grad_f = jax.grad(f)

    def body(_, v):
        return v - lr * grad_f(v, outer_var)

    return jax.lax.fori_loop(0, n_steps, body, inner_var)


def run():
    outer = jnp.ones(4)
    inner = jnp.zeros(4)
    for _ in range(3):
        inner = inner_solver_fun(outer, inner, f=inner_objective, n_steps=10)
    return inner.sum()
