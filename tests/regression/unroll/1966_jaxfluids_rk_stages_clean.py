"""JAX-Fluids' `do_runge_kutta_stages` loops `for stage in range(self.time_integrator.no_stages)`
inside the jitted integration step. The trip count is a property of the chosen integrator (3 for
TVD-RK3), fixed when the simulation manager is built and tiny, so unrolling it at trace time
produces three copies of the right-hand-side evaluation, which is what an explicit RK scheme needs.

Source: https://github.com/tumaer/JAXFLUIDS/blob/70dbc0a6a39854c6f88bda1b154dc7eb28175269/src/jaxfluids/simulation_manager.py#L770
Observed on jax 0.10.x: _do_integration_step_jit compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


class RungeKutta3:
    def __init__(self):
        self.no_stages = 3
        self.conservatives_coefficients = [0.0, 0.75, 1.0 / 3.0]
        self.timestep_multiplier = [1.0, 0.25, 2.0 / 3.0]

    def integrate(self, u, u_init, rhs, dt, stage):
        a = self.conservatives_coefficients[stage]
        return a * u_init + (1.0 - a) * u + self.timestep_multiplier[stage] * dt * rhs


class SimulationManager:
    def __init__(self, dx=0.1):
        self.time_integrator = RungeKutta3()
        self.dx = dx

    def compute_rhs(self, u):
        return -(u - jnp.roll(u, 1)) / self.dx

    def do_runge_kutta_stages(self, conservatives, physical_timestep_size):
        init = conservatives
        for stage in range(self.time_integrator.no_stages):
            rhs = self.compute_rhs(conservatives)
            conservatives = self.time_integrator.integrate(conservatives, init, rhs, physical_timestep_size, stage)
        return conservatives

    @partial(jax.jit, static_argnums=(0,))
    def _do_integration_step_jit(self, conservatives, physical_timestep_size):
        return self.do_runge_kutta_stages(conservatives, physical_timestep_size)


def run():
    sim_manager = SimulationManager()
    u = jnp.exp(-jnp.linspace(-2, 2, 64) ** 2)
    for step in range(10):
        u = sim_manager._do_integration_step_jit(u, jnp.float32(0.01))
