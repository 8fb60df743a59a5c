"""Langevin init consumes a key and also stores it in the returned state.

Source: https://github.com/jax-md/jax-md/issues/213
"Possible error in Langevin integrator's handling of PRNGkeys": `init_fn`
does `key, split = random.split(key)`, draws the initial momenta from `key`
and then returns the same `key` inside `NVTLangevinState`, so the integrator
reuses a key that was already consumed (the proposed fix uses `split` for the
momenta). When the momentum helper splits its key the same way the step
function does, the first thermostat kick repeats the initial momenta draw.
The state NamedTuple, the momentum helper and the driver are separate modules.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from simulate import nvt_langevin


def harmonic_force(R):
    return -R


def run():
    kT = 1.0
    init_fn, apply_fn = nvt_langevin(harmonic_force, dt=1e-3, kT=kT)
    apply_fn = jax.jit(apply_fn)
    repeated = 0
    for seed in range(3):
        R = jnp.zeros((5, 3))
        state = init_fn(jax.random.PRNGKey(seed), R)
        initial_kick = state.momentum / jnp.sqrt(state.mass * kT)
        state, xi = apply_fn(state)
        repeated += int(jnp.allclose(xi, initial_kick, atol=1e-5))
    return repeated
