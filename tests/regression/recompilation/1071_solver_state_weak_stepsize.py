"""Solver state whose stepsize is a Python float at init but an array after update.

Source: https://github.com/google/jaxopt/issues/451
What happened: JAXopt solvers keep scalar attributes (e.g. ``stepsize``) in their
state; ``init_state`` produced weakly-typed values while ``update`` returned
strongly-typed ones, so the jitted ``update`` recompiled on its second call.
Observed on jax 0.10.2: update compiled 2 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GDState(NamedTuple):
    iter_num: jax.Array
    stepsize: float
    error: jax.Array


class GradientDescent:
    def __init__(self, fun, stepsize=0.1):
        self.fun = fun
        self.stepsize = stepsize

    def init_state(self, params):
        return GDState(iter_num=jnp.asarray(0), stepsize=self.stepsize, error=jnp.asarray(jnp.inf))

    def update(self, params, state):
        grad = jax.grad(self.fun)(params)
        new_params = params - state.stepsize * grad
        stepsize = jnp.asarray(state.stepsize, dtype=jnp.float32) * 0.99
        return new_params, GDState(state.iter_num + 1, stepsize, jnp.linalg.norm(grad))


def run():
    solver = GradientDescent(lambda p: jnp.sum((p - 1.0) ** 2))
    update = jax.jit(solver.update)
    params = jnp.zeros(4)
    state = solver.init_state(params)
    for _ in range(5):
        params, state = update(params, state)  # expect: JAX406
    return params.sum()
