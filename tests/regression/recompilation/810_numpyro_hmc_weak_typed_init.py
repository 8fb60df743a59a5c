"""numpyro: HMC sample function compiled twice because the initial state is weakly typed.

Source: https://github.com/pyro-ppl/numpyro/issues/463
(numpyro, "Model compilation happens twice with the latest JAX version").

"Many models are compiled twice -- once at the beginning of warmup and then
again when sampling starts ... all python scalars have a weak type ... the
arguments passed by the user may have weak types but those that are used to
begin sampling don't, which results in a cache miss." The jitted
`sample_kernel` is first called on the state built from the user's Python
initial values and afterwards on states it returned itself. Kernel trimmed to
a single-leapfrog HMC step on a normal model.

Observed on jax 0.10.2: sample_kernel compiled 2 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import random


class HMCState(NamedTuple):
    i: jax.Array
    z: dict
    potential_energy: jax.Array
    step_size: jax.Array
    rng_key: jax.Array


def potential_fn(z):
    return 0.5 * (z["mu"] ** 2 + (z["sigma"] - 1.0) ** 2)


def init_kernel(init_params, step_size=0.1, rng_key=None):
    return HMCState(
        i=0,
        z=init_params,
        potential_energy=potential_fn(init_params),
        step_size=step_size,
        rng_key=rng_key,
    )


@jax.jit
def sample_kernel(state: HMCState) -> HMCState:
    key, k_mom, k_acc = random.split(state.rng_key, 3)
    grad_fn = jax.grad(potential_fn)
    leaves, treedef = jax.tree_util.tree_flatten(state.z)
    moms = [random.normal(k, jnp.shape(v)) for k, v in zip(random.split(k_mom, len(leaves)), leaves)]
    p = jax.tree_util.tree_unflatten(treedef, moms)
    g = grad_fn(state.z)
    p = jax.tree_util.tree_map(lambda p, g: p - 0.5 * state.step_size * g, p, g)
    z_new = jax.tree_util.tree_map(lambda z, p: z + state.step_size * p, state.z, p)
    pe_new = potential_fn(z_new)
    accept = random.uniform(k_acc) < jnp.exp(state.potential_energy - pe_new)
    z = jax.tree_util.tree_map(lambda a, b: jnp.where(accept, a, b), z_new, state.z)
    pe = jnp.where(accept, pe_new, state.potential_energy)
    return HMCState(state.i + 1, z, pe, state.step_size, key)


def mcmc_run(init_params, num_warmup, num_samples, rng_key):
    state = init_kernel(init_params, step_size=0.1, rng_key=rng_key)
    for _ in range(num_warmup):
        state = sample_kernel(state)  # expect: JAX406
    samples = []
    for _ in range(num_samples):
        state = sample_kernel(state)
        samples.append(state.z)
    return samples


def run():
    samples = mcmc_run({"mu": 0.0, "sigma": 1.0}, num_warmup=3, num_samples=3, rng_key=random.PRNGKey(0))
    return samples[-1]["mu"]
