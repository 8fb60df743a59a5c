"""jaxopt-style iterative solver base class."""
import dataclasses
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class OptStep(NamedTuple):
    params: Any
    state: Any


class SolverState(NamedTuple):
    iter_num: Any
    error: Any


@dataclasses.dataclass(eq=False)
class IterativeSolver:
    maxiter: int = 100
    tol: float = 1e-3

    def _run(self, init_params, *args, **kwargs):
        def cond_fun(step):
            return (step.state.error > self.tol) & (step.state.iter_num < self.maxiter)

        def body_fun(step):
            return self.update(step.params, step.state, *args, **kwargs)

        state = self.init_state(init_params, *args, **kwargs)
        # Unroll the very first iteration so init_val and body_fun agree on types.
        opt_step = self.update(init_params, state, *args, **kwargs)
        return jax.lax.while_loop(cond_fun, body_fun, opt_step)  # expect: JAX405

    def run(self, init_params, *args, **kwargs):
        return self._run(init_params, *args, **kwargs)


@dataclasses.dataclass(eq=False)
class GradientDescent(IterativeSolver):
    fun: Any = None
    stepsize: float = 0.1

    def init_state(self, init_params, *args, **kwargs):
        return SolverState(iter_num=jnp.asarray(0), error=jnp.asarray(jnp.inf))

    def update(self, params, state, *args, **kwargs):
        grad = jax.grad(self.fun)(params, *args, **kwargs)
        params = jax.tree_util.tree_map(lambda p, g: p - self.stepsize * g, params, grad)
        error = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree_util.tree_leaves(grad)))
        return OptStep(params, SolverState(state.iter_num + 1, error))
