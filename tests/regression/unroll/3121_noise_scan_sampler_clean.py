"""JAX-ThermoEBM (after the rewrite): `sample_prior` draws all Langevin noise up front with one
`jax.random.normal(subkey, (num_steps,) + shape)` ("to avoid reseeding the PRNG") and then
`lax.scan`s the jitted Langevin update over that noise with `length=prior_steps`. Same 60-step
MCMC as the early Python loop, one traced step body.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/78b69c2b5fc623ec269840fb66fef687add84a75/src/MCMC_Samplers/sample_distributions.py#L55
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax.lax import scan

p0_sig = 1.0
z_channels = 8
prior_steps = 60
prior_s = 0.01


def EBM_fwd(params, z):
    return jnp.sum(jnp.tanh(z @ params))


def langevin_prior(z, noise, EBM_params, EBM_fwd):
    grad_f = jax.grad(EBM_fwd, argnums=1)(EBM_params, z) - z / p0_sig**2
    new_z = z + (prior_s * grad_f) + (noise * jnp.sqrt(2 * prior_s))
    return new_z, None


def sample_p0(key):
    key, subkey = jax.random.split(key)
    return key, p0_sig * jax.random.normal(subkey, (1, 1, z_channels))


def get_noise_step(key, num_steps, shape):
    key, subkey = jax.random.split(key)
    return key, jax.random.normal(subkey, (num_steps,) + shape)


@jax.jit
def sample_prior(key, EBM_params):
    scan_MCMC = partial(langevin_prior, EBM_params=EBM_params, EBM_fwd=EBM_fwd)
    key, z0 = sample_p0(key)
    key, noise = get_noise_step(key, prior_steps, z0.shape)
    z_prior, _ = scan(scan_MCMC, z0, noise, length=prior_steps)
    return key, z_prior


def run():
    key, z = sample_prior(jax.random.PRNGKey(0), 0.1 * jnp.ones((z_channels, 4)))
    z.block_until_ready()
