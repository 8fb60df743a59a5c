"""jaxsim's PlaneTerrain is hashable and compared by value because it is used as static
data of the simulated model. Its `__eq__` compared height and normal with
`jnp.allclose(...)`. Simulating inside an Optuna trial, the user's jit-compiled integrator
step called a static-terrain function several times; JAX compares static arguments
during the trace, the `jnp.allclose` results are then tracers, and the `if not (...)` in
`__eq__` raised a TracerBoolConversionError (re-raised by jit as a ValueError about static
arguments being comparable). The fix switched `__eq__` to NumPy.

Source: https://github.com/gbionics/jaxsim/issues/196
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jnp

from .integrator import rk4_step
from .terrain import PlaneTerrain


def make_terrain(trial_height):
    # a fresh (but equal) terrain object is built for every call, like the model rebuild
    return PlaneTerrain(z=trial_height, plane_normal=(0.0, 0.0, 1.0))


@jax.jit
def simulate(pos, vel):
    for _ in range(3):
        pos, vel = rk4_step(pos, vel, 1e-3, make_terrain(0.0))
    return pos, vel


def run():
    pos = jnp.array([0.0, 0.0, 0.05])
    vel = jnp.zeros(3)
    return simulate(pos, vel)
