"""JAX-ThermoEBM `batch_sample_posterior`: one call to `jax.random.split(key, batch_size + 1)`
gives a carry key plus one subkey per image, and `jax.vmap(sample_posterior)` maps over the
subkeys, so every image in the batch gets its own Langevin chain; the carry key is returned to
the caller for the next temperature. A key batch handed to vmap after a split: no reuse.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/78b69c2b5fc623ec269840fb66fef687add84a75/src/loss_computation/loss_helper_fcns.py#L24
Observed on jax 0.10.x: 0 of 6 calls
"""
import jax
import jax.numpy as jnp

from sample_distributions import sample_posterior

batch_size = 4
batched_posterior = jax.vmap(sample_posterior, in_axes=(0, 0, None, None))


@jax.jit
def batch_sample_posterior(key, x, t, GEN_params):
    key_batch = jax.random.split(key, batch_size + 1)
    key, subkey_batch = key_batch[0], key_batch[1:]
    z_posterior = batched_posterior(subkey_batch, x, t, GEN_params)
    return key, z_posterior


def run():
    k_data, k_params, key = jax.random.split(jax.random.PRNGKey(0), 3)
    x = jax.random.normal(k_data, (batch_size, 16))
    GEN_params = 0.1 * jax.random.normal(k_params, (16, 8))
    key, z = batch_sample_posterior(key, x, 0.0, GEN_params)
    same = 0
    for i in range(batch_size):
        for j in range(i + 1, batch_size):
            same += int(bool(jnp.allclose(z[i], z[j])))
    return same
