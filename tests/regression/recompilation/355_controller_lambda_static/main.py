"""A new lambda controller passed at a static position on every execute() call.

Source: https://github.com/bardhh/cbfkit/pull/14
The PR jitted `simulator_jit` and marked the callable arguments (dynamics,
controller, ...) static. Static callables hash by identity, so a driver that
builds its controller as a fresh lambda for each execute() call gets a cache
miss, and a full recompilation, on every call.

Observed on jax 0.10.2: simulator_jit compiled 3 times
"""
import jax.numpy as jnp

from sim import pendulum, simulator_jit


class Simulation:
    def __init__(self, kp, kd):
        self.kp, self.kd = kp, kd

    def execute(self, x0, num_steps=100, dt=0.01):
        controller = lambda x: -self.kp * x[0] - self.kd * x[1]
        return simulator_jit(x0, pendulum, controller, num_steps, dt)  # expect: JAX405


def run():
    sim = Simulation(kp=8.0, kd=1.0)
    finals = []
    for theta0 in (0.1, 0.2, 0.3):
        xs = sim.execute(jnp.array([theta0, 0.0]))
        finals.append(xs[-1])
    return finals
