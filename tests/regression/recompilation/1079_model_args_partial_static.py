"""Sampler kernel keyed on a functools.partial that binds the data.

Source: https://github.com/pyro-ppl/numpyro/pull/456
What happened: without ``jit_model_args`` numpyro closed the model arguments
into the potential function, so a subsequent ``MCMC.run`` on new (same-shaped)
data built a new potential and recompiled the sample kernel; the PR made the
model args traced inputs so compiled assets are reused.
Observed on jax 0.10.2: hmc_kernel compiled 3 times
"""
import functools

import jax
import jax.numpy as jnp


def potential(z, data):
    return 0.5 * jnp.sum((data - z) ** 2)


@functools.partial(jax.jit, static_argnums=(0,))
def hmc_kernel(potential_fn, z, key, step_size):
    p = jax.random.normal(key, z.shape)
    g = jax.grad(potential_fn)(z)
    p = p - 0.5 * step_size * g
    z = z + step_size * p
    return z


def mcmc_run(key, data, num_samples=5):
    potential_fn = functools.partial(potential, data=data)
    z = jnp.zeros(data.shape[-1])
    for k in jax.random.split(key, num_samples):
        z = hmc_kernel(potential_fn, z, k, 0.1)  # expect: JAX405
    return z


def run():
    out = 0.0
    for i in range(3):
        out += mcmc_run(jax.random.PRNGKey(i), jnp.ones((6, 2)) * i).sum()
    return out
