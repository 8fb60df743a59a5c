"""Solver state initialised with Python scalars (iter_num=0, error=jnp.inf);
after the first jitted update they come back as strongly-typed arrays, so the
second update call retraces.

Source: https://github.com/google/jaxopt/pull/106
"Make solver.update jittable and ensure output states are consistent": the
diff changes ``AndersonState(iter_num=0, error=jnp.inf, ...)`` in
``anderson.py::init_state`` to ``iter_num=jnp.asarray(0),
error=jnp.asarray(jnp.inf)`` and adds ``check_states_have_same_types`` to the
tests, because init_state and update returned states of different types and a
jitted ``update`` recompiled.  The solver module here keeps the pre-fix
``init_state``; the driver jits ``update`` and loops.

Observed on jax 0.10.2: update compiled 2 times
"""
import jax
import jax.numpy as jnp

from anderson import AndersonAcceleration


def solve(x0, steps=4):
    solver = AndersonAcceleration(lambda x: jnp.cos(x))
    update = jax.jit(solver.update)
    state = solver.init_state(x0)
    x = x0
    for _ in range(steps):
        x, state = update(x, state)  # expect: JAX406
    return x


def run():
    return solve(jnp.ones(3))
