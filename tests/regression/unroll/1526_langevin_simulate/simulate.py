import jax
import jax.numpy as jnp

from integrator import harmonic_bond_energy, langevin_step

NUM_STEPS = 48


@jax.jit
def simulate(x0, v0, params, bond_idxs, masses):
    force_fn = lambda x: -jax.grad(harmonic_bond_energy)(x, params, bond_idxs)
    x, v = x0, v0
    for step in range(NUM_STEPS):  # expect: JAX407
        x, v = langevin_step(x, v, force_fn, masses, 1.5e-3, 0.9, 0.1)
    return x, v
