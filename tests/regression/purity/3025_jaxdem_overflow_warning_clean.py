"""Clean look-alike. JaxDEM (discrete-element simulation) advances the system with
`System.step(state, system, n=...)`: a plain Python static method that calls the jitted
`_steps_fori_loop` and, afterwards, warns about collider overflow with a `print`. The print
and the `jnp.any(...)` test are guarded by
`if not isinstance(system.collider.overflow, jax.core.Tracer):`, so they only run when step
is called eagerly on concrete arrays; when a user wraps the step in jax.jit the guard skips
them instead of concretizing a tracer or printing at trace time.

Source: https://github.com/cdelv/JaxDEM/blob/0243a70bb5ec2ea2401027a8ecc10583419f36a9/jaxdem/system.py#L562
Observed on jax 0.10.x: runs
"""
import contextlib
import dataclasses
import io
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class Collider:
    overflow: jax.Array


@jax.tree_util.register_dataclass
@dataclass
class System:
    dt: jax.Array
    time: jax.Array
    step_count: jax.Array
    collider: Collider

    @staticmethod
    def step(state, system, *, n=1):
        state, system = _steps_fori_loop(state, system, n)

        if not isinstance(system.collider.overflow, jax.core.Tracer):
            if jnp.any(system.collider.overflow):
                print("Warning: overflow detected in collider")

        return state, system


def _step_once(state, system):
    system = dataclasses.replace(system, time=system.time + system.dt,
                                 step_count=system.step_count + 1)
    pos = state + system.dt * 10.0
    overflow = jnp.any(jnp.abs(pos) > 1.0)
    system = dataclasses.replace(system, collider=Collider(overflow=overflow))
    return pos, system


@jax.jit
def _steps_fori_loop(state, system, n):
    return jax.lax.fori_loop(0, n, lambda i, carry: _step_once(*carry), (state, system))


def run():
    system = System(dt=jnp.array(0.01), time=jnp.array(0.0), step_count=jnp.array(0),
                    collider=Collider(overflow=jnp.array(False)))
    state = jnp.zeros(3)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        state, system = System.step(state, system, n=20)               # eager: warns
        jitted = jax.jit(lambda s, sy: System.step(s, sy, n=5))
        state, system = jitted(state, system)                          # traced: guard skips
    assert "overflow" in buf.getvalue()
    return int(system.step_count)
