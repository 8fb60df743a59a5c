"""jaxopt's LBFGS `stop_if_linesearch_fails` option first used `~self.stop_if_linesearch_fails`
on a Python bool (`~True == -2`), and the follow-up `(not self.stop_if_linesearch_fails |
~state.failed_linesearch)` in the while-loop condition raised "Abstract tracer value encountered
where concrete value is expected": `not` forces a bool conversion of the traced `|` result. The
fix used `jnp.logical_or`.

Source: https://github.com/google/jaxopt/pull/350
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class LbfgsState(NamedTuple):
    iter_num: jax.Array
    error: jax.Array
    failed_linesearch: jax.Array


class LBFGS:
    def __init__(self, fun, maxiter=50, tol=1e-3, stop_if_linesearch_fails=False):
        self.fun = fun
        self.maxiter = maxiter
        self.tol = tol
        self.stop_if_linesearch_fails = stop_if_linesearch_fails

    def _cond_fun(self, inputs):
        params, state = inputs
        return (state.error > self.tol) & (state.iter_num < self.maxiter) & (
            not self.stop_if_linesearch_fails | ~state.failed_linesearch)  # expect: JAX201

    def _body_fun(self, inputs):
        params, state = inputs
        grad = jax.grad(self.fun)(params)
        new_params = params - 0.1 * grad
        failed = self.fun(new_params) > self.fun(params)
        return new_params, LbfgsState(state.iter_num + 1, jnp.linalg.norm(grad), failed)

    def run(self, init_params):
        state = LbfgsState(jnp.asarray(0), jnp.asarray(jnp.inf), jnp.asarray(False))
        return jax.lax.while_loop(self._cond_fun, self._body_fun, (init_params, state))


def run():
    solver = LBFGS(lambda x: jnp.sum((x - 1.0) ** 2), stop_if_linesearch_fails=True)
    jax.jit(solver.run)(jnp.zeros(3))
