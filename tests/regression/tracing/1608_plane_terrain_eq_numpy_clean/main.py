"""The fixed jaxsim PlaneTerrain: its `__eq__` compares the static height and plane normal
with NumPy (`np.allclose`) on plain Python floats/tuples, so JAX can compare equal but
distinct terrain objects as static arguments even while an outer jit is tracing.

Source: https://github.com/gbionics/jaxsim/pull/198
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from .integrator import euler_step
from .terrain import PlaneTerrain


@jax.jit
def simulate(pos, vel):
    for _ in range(3):
        pos, vel = euler_step(pos, vel, 1e-3, PlaneTerrain(z=0.0))
    return pos, vel


def run():
    return simulate(jnp.array([0.0, 0.0, 0.05]), jnp.zeros(3))
