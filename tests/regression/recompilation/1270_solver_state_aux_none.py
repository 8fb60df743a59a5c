"""Solver state's ``aux`` field is None when produced by init_state and a
pytree of arrays when produced by update, so a jitted update sees two
different state structures.

Source: https://github.com/google/jaxopt/issues/116
"Avoid state.aux=None in state returned by initial_state": "when
has_aux=True, state.aux is None when state is returned by init_state and
state.aux is equal to fun(params, *args, **kwargs)[1] when state is returned
by update. This is problematic as it can trigger a jit recompilation."  (Fixed
with eval_shape in jaxopt PR #273.)  A gradient-descent solver with an
auxiliary-output loss reproduces it below.

Observed on jax 0.10.2: update compiled 2 times
"""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class GDState(NamedTuple):
    iter_num: jnp.ndarray
    value: jnp.ndarray
    aux: Any


class GradientDescent:
    def __init__(self, fun, stepsize=0.1):
        self.fun = fun
        self.stepsize = stepsize
        self._vg = jax.value_and_grad(fun, has_aux=True)

    def init_state(self, params):
        return GDState(jnp.asarray(0), jnp.asarray(jnp.inf, params.dtype), aux=None)

    def update(self, params, state):
        (value, aux), grad = self._vg(params)
        return params - self.stepsize * grad, GDState(state.iter_num + 1, value, aux)


def loss_with_aux(w):
    r = w - jnp.arange(3.0)
    return jnp.sum(r ** 2), {"residual_norm": jnp.linalg.norm(r)}


def run():
    solver = GradientDescent(loss_with_aux)
    update = jax.jit(solver.update)
    w = jnp.zeros(3)
    state = solver.init_state(w)
    for _ in range(4):
        w, state = update(w, state)  # expect: JAX406,JAX404
    return w
