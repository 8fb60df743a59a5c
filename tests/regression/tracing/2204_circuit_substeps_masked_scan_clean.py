"""jax-frc's CircuitSystem subcycles the RLC circuit ODE inside a jitted step. The number of substeps
n_sub is computed from the L/R timescale, so it is a traced value; instead of using it as a Python range
or as the scan length, the fix "compute substep count dynamically based on L/R timescale" always scans a
static MAX_SUBSTEPS iterations and masks the extra ones with jnp.where(i < n_sub, dt_sub, 0.0) (and the ODE
step returns its input unchanged when dt == 0). No traced value is used where a concrete one is needed.

Source: https://github.com/zizai/jax-frc/blob/7da47ad005902917ac8bdb6f3ba897ffb3139099/jax_frc/circuits/system.py#L163
Observed on jax 0.10.x: step compiled 1 times
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax

MAX_SUBSTEPS = 16


@dataclass(frozen=True)
class CircuitSystem:
    L: float = 1e-3
    R: float = 0.5
    C: float = float("inf")

    def _estimate_min_timescale(self):
        return jnp.asarray(self.L / self.R)

    def _ode_step(self, I, Q, V, dt):
        inv_C = 0.0 if self.C == float("inf") else 1.0 / self.C
        dt_safe = jnp.maximum(dt, 1e-30)
        a = self.L / dt_safe + self.R / 2 + dt_safe * inv_C / 4
        b = V - self.R * I / 2 - Q * inv_C + self.L * I / dt_safe - dt_safe * I * inv_C / 4
        I_new_computed = b / a
        Q_new_computed = Q + dt_safe * (I + I_new_computed) / 2
        # If dt == 0, return unchanged values (skip this iteration)
        return jnp.where(dt > 0, I_new_computed, I), jnp.where(dt > 0, Q_new_computed, Q)

    def _subcycle_step(self, I, Q, V, dt):
        tau_min = self._estimate_min_timescale()
        n_sub = jnp.clip(jnp.ceil(dt / (0.1 * tau_min)), 1, MAX_SUBSTEPS)
        dt_sub = dt / n_sub

        def body(carry, i):
            I, Q = carry
            dt_effective = jnp.where(i < n_sub, dt_sub, 0.0)
            return self._ode_step(I, Q, V, dt_effective), None

        (I, Q), _ = lax.scan(body, (I, Q), jnp.arange(MAX_SUBSTEPS))
        return I, Q


system = CircuitSystem()


@jax.jit
def step(I, Q, V, dt):
    return system._subcycle_step(I, Q, V, dt)


def run():
    I, Q = jnp.zeros(()), jnp.zeros(())
    for dt in [1e-4, 5e-4, 2e-3]:
        I, Q = step(I, Q, jnp.asarray(1.0), jnp.asarray(dt))
    return 0


if __name__ == "__main__":
    run()
