"""Minimal stand-in for soromox.systems.dynamical_system (pre-#56 version)."""
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class SystemState(NamedTuple):
    t: jax.Array
    y: jax.Array
    u: jax.Array | None = None
    control_state: Any | None = None


class DynamicalSystem:
    def __init__(self, stiffness: float = 2.0, num_actuators: int = 1):
        self.stiffness = stiffness
        self.num_actuators = num_actuators

    def _open_loop_forward_dynamics(self, t, y, u):
        q, qd = y[:1], y[1:]
        qdd = -self.stiffness * q - 0.1 * qd + u
        return jnp.concatenate([qd, qdd])

    def rollout_discrete_closed_loop_to(
        self,
        initial_state: SystemState,
        controller: Callable[[SystemState], tuple[jax.Array, Any | None]],
        t1: float = 1.0,
        control_dt: float = 1e-1,
        solver_dt: float = 1e-2,
    ) -> SystemState:
        if control_dt <= 0.0:
            raise ValueError("control_dt must be positive.")

        t_curr = float(initial_state.t)  # expect: JAX202
        total_horizon = t1 - t_curr
        num_control_steps = int(jnp.ceil(total_horizon / control_dt))  # expect: JAX202,JAX204
        t_starts = t_curr + control_dt * jnp.arange(num_control_steps)
        substeps = int(round(control_dt / solver_dt))

        def body(y_in, t_start):
            u, _ = controller(SystemState(t=t_start, y=y_in))

            def euler(y, _):
                return y + solver_dt * self._open_loop_forward_dynamics(t_start, y, u), None

            y_out, _ = jax.lax.scan(euler, y_in, None, length=substeps)
            return y_out, y_out

        y_final, ys = jax.lax.scan(body, initial_state.y, t_starts)
        return SystemState(t=t_starts, y=ys)
