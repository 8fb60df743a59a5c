"""Rebuilt from https://github.com/eelregit/pmwd/issues/9: the N-body time stepping is a Python
loop over the step times; compile time grows with the number of steps (3 minutes)."""
import jax
import jax.numpy as jnp


def force(pos):
    return -pos


@jax.jit
def nbody(pos, vel, a_steps: jax.Array):
    for a_prev, a_next in zip(a_steps[:-1], a_steps[1:]):  # expect: JAX407
        vel = vel + (a_next - a_prev) * force(pos)
        pos = pos + (a_next - a_prev) * vel
    return pos, vel
