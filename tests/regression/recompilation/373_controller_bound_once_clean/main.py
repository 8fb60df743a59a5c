"""Clean look-alike: module-level controller function, gains passed as an array.

Source: https://github.com/bardhh/cbfkit/pull/14
Same static-callable simulator as the lambda case, but the controller is one
module-level function (stable identity/hash) and the gains travel as a traced
argument, so repeated execute() calls hit the cache.

Observed on jax 0.10.2: simulator_jit compiled 1 times
"""
import jax.numpy as jnp

from sim import pd_controller, pendulum, simulator_jit


class Simulation:
    def __init__(self, kp, kd):
        self.gains = jnp.array([kp, kd])

    def execute(self, x0, num_steps=100, dt=0.01):
        return simulator_jit(x0, self.gains, pendulum, pd_controller, num_steps, dt)


def run():
    sim = Simulation(kp=8.0, kd=1.0)
    finals = []
    for theta0 in (0.1, 0.2, 0.3):
        finals.append(sim.execute(jnp.array([theta0, 0.0]))[-1])
    return finals
