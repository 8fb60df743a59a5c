"""CRBA written with Python loops over the robot's links, jitted.

Source: https://github.com/gbionics/jaxsim/issues/5
"Optimize compilation time of CRBA": "The implementation of CRBA still uses plain
Python for loops. Switching to JAX's for loops should provide a significant
improvement in JIT compilation times" (done later by moving to lax loops). Here
the loop bound is the number of bodies of a model description built in another
module, and the jitted mass-matrix function closes over that description.

Observed on jax 0.10.2: mass_matrix compiled 1 time
"""
import jax
import jax.numpy as jnp

from description import serial_chain
from dynamics import crba

MODEL = serial_chain(60)


@jax.jit
def mass_matrix(q):
    c, s = jnp.cos(q), jnp.sin(q)
    xup = jnp.zeros((MODEL.NB, 3, 3))
    xup = xup.at[:, 0, 0].set(c).at[:, 0, 1].set(-s).at[:, 1, 0].set(s).at[:, 1, 1].set(c)
    xup = xup.at[:, 2, 2].set(1.0)
    inertias = jnp.tile(jnp.eye(3), (MODEL.NB, 1, 1))
    return crba(MODEL, inertias, xup)


def run():
    return mass_matrix(jnp.linspace(0.0, 1.0, MODEL.NB))
