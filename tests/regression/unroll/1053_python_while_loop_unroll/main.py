"""Solver run with ``unroll=True`` under an outer jit: the while loop becomes Python.

Source: https://github.com/google/jaxopt/blob/58bac0ac375732dce358cf85583ae7fe3632b8cf/jaxopt/_src/loop.py
What happened: JAXopt's loop utility keeps a Python-loop implementation,
``_while_loop_python`` (a ``for _ in range(maxiter)`` loop), for the unrolled,
non-jitted path; a solver port that reuses that Python loop (with the early
``break`` replaced by a ``lax.cond`` so it traces) and is then called under an
outer ``jax.jit`` gets all ``maxiter`` iterations unrolled into the program.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from solver import GradientDescent


@jax.jit
def fit(theta):
    solver = GradientDescent(lambda w: jnp.sum((w - theta) ** 2), maxiter=300)
    return solver.run(jnp.zeros_like(theta))


def run():
    return fit(jnp.arange(3.0)).sum()
