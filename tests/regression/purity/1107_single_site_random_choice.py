"""Single-site MCMC picks its site with Python's random.choice inside the jitted kernel.

Source: https://github.com/pyro-ppl/numpyro/issues/604

While porting Newtonian Monte Carlo to numpyro, the single-site kernel had to
choose a random latent site per iteration. Site names are strings, so the
author used Python's ``random.choice`` over ``params.keys()``; numpyro jits the
kernel's ``sample`` step, and "the chosen site is cached and repeated on every
iteration". The choice runs once, at trace time, and the compiled step always
updates that same site. Below a random-walk single-site kernel over three sites
(flat target, so every proposal is accepted) is run for six jitted iterations;
the iterations that move the same site as iteration 0 are counted.

Observed on jax 0.10.2: 5 of 5 calls
"""
import random
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class SiteState(NamedTuple):
    z: dict
    log_density: jnp.ndarray
    rng_key: jax.Array


class SingleSiteRandomWalk:
    def __init__(self, potential_fn, step_size=0.5):
        self.potential_fn = potential_fn
        self.step_size = step_size

    def init(self, z, rng_key):
        return SiteState(z, -self.potential_fn(z), rng_key)

    def sample(self, state):
        rng_key, key_prop, key_accept = jax.random.split(state.rng_key, 3)
        site_name = random.choice(sorted(state.z.keys()))  # expect: JAX106
        value = state.z[site_name]
        proposal = value + self.step_size * jax.random.normal(key_prop, jnp.shape(value))
        z_prop = {**state.z, site_name: proposal}
        log_density_prop = -self.potential_fn(z_prop)
        accept = jnp.log(jax.random.uniform(key_accept)) < log_density_prop - state.log_density
        z_new = jax.tree_util.tree_map(lambda new, old: jnp.where(accept, new, old), z_prop, state.z)
        return SiteState(z_new, jnp.where(accept, log_density_prop, state.log_density), rng_key)


def flat_potential(z):
    return 0.0 * sum(jnp.sum(v) for v in z.values())


def run():
    kernel = SingleSiteRandomWalk(flat_potential)
    sample_fn = jax.jit(kernel.sample)
    z0 = {"alpha": jnp.zeros(()), "beta": jnp.zeros(()), "sigma": jnp.zeros(())}
    state = kernel.init(z0, jax.random.key(0))

    moved = []
    for _ in range(6):
        new_state = sample_fn(state)
        moved.append([name for name in z0 if not np.allclose(new_state.z[name], state.z[name])])
        state = new_state
    return sum(int(m == moved[0]) for m in moved[1:])
