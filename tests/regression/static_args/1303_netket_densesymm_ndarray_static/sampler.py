import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0,))
def log_psi(machine, params, sigma):
    return machine.apply(params, sigma)


def metropolis_sweep(machine, params, sigma, key):
    key_flip, key_acc = jax.random.split(key)
    site = jax.random.randint(key_flip, (sigma.shape[0],), 0, sigma.shape[1])
    sigma_p = sigma.at[jnp.arange(sigma.shape[0]), site].multiply(-1)
    ratio = jnp.exp(2 * (log_psi(machine, params, sigma_p) - log_psi(machine, params, sigma)))  # expect: JAX302
    accept = jax.random.uniform(key_acc, (sigma.shape[0],)) < ratio
    return jnp.where(accept[:, None], sigma_p, sigma)
