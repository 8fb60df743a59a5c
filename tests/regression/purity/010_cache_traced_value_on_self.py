"""Caching a traced value on `self` in a jitted method, then reading it later.

Source: https://github.com/jax-ml/jax/pull/7556
The UnexpectedTracerError message was reworded to talk about side effects, its usual cause:
a jitted method that stores an intermediate on the instance stores a tracer, and the next
eager use of it raises.

Observed on jax 0.10.x: raises UnexpectedTracerError
"""

from functools import partial

import jax
import jax.numpy as jnp


class EulerIntegrator:
    def __init__(self, dt):
        self.dt = dt
        self.last_velocity = None

    @partial(jax.jit, static_argnums=0)
    def step(self, position, velocity):
        self.last_velocity = velocity  # expect: JAX105
        return position + self.dt * velocity

    def kinetic_energy(self):
        return 0.5 * jnp.sum(self.last_velocity ** 2)


def run():
    integrator = EulerIntegrator(0.1)
    integrator.step(jnp.zeros(3), jnp.ones(3))
    return float(integrator.kinetic_energy())
