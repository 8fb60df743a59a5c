"""pmwd (particle-mesh cosmological simulation) drove its leapfrog with a Python `for` loop
over the scale-factor steps in `nbody`, calling `nbody_step` each time. Users who wrapped
the forward model in `jax.jit` (for inference / gradients) saw the first call take ~3
minutes against seconds for later calls, with compile time growing with the number of
steps: the loop is unrolled into one giant XLA program. PR #11 replaced it with `lax.scan`.

Source: https://github.com/eelregit/pmwd/pull/11
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from nbody import Configuration, Particles, nbody


@jax.jit
def model(disp0, Omega_m):
    conf = Configuration()
    ptcl = Particles(disp=disp0, vel=jnp.zeros_like(disp0))
    ptcl = nbody(ptcl, {"Omega_m": Omega_m}, conf)
    return jnp.sum(ptcl.disp**2)


def run():
    disp0 = jax.random.normal(jax.random.PRNGKey(0), (64, 3)) * 0.01
    return model(disp0, 0.3)
