"""A jitted helper branches in Python on a float it receives from a jitted caller.

Source: https://errorhandle.ai/why-is-jax-treating-floating-point-values-as-tracers-rather-than-concretizing-them-when-nesting-jitted-functions
What happened: the question asks why floating point values arrive as tracers
rather than concrete numbers when jitted functions are nested; the inner
function's Python `if` on such a value cannot be decided at trace time.
Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from physics import drag_force


@jax.jit
def step(pos, vel, dt):
    speed = jnp.abs(vel)
    vel = vel - dt * drag_force(speed, 0.1) * jnp.sign(vel)
    return pos + dt * vel, vel


def run():
    return step(jnp.float32(0.0), jnp.float32(2.0), 0.01)
