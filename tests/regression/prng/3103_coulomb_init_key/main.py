"""Finite-temperature VMC for the electron gas (CoulombGas). The script builds
`key = jax.random.PRNGKey(42)` once, draws `x_dummy` from it to initialise the flow parameters,
later draws the initial walker coordinates `x` from the same `key`, and then splits that same key
into the per-device MCMC keys. With the partitionable threefry PRNG the first walker of `x` is
bit-identical to `x_dummy`, and the MCMC keys are derived from a key that was already consumed.

Source: https://github.com/fermiflow/CoulombGas/blob/ca4a1eb7c4cb310d8a1a26422d8f9af7809e0d90/main.py#L236
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import jax.numpy as jnp

from mcmc import mcmc, logp

n, dim, L = 5, 2, 1.0
num_devices, batch = 1, 8
mc_steps, mc_stddev = 20, 0.05


def run():
    key = jax.random.PRNGKey(42)
    x_dummy = jax.random.uniform(key, (n, dim), minval=0., maxval=L)
    params_flow = {"w": 0.01 * x_dummy}  # stand-in for flow.init(key, x_dummy)

    batch_per_device = batch // num_devices
    x = jax.random.uniform(key, (num_devices, batch_per_device, n, dim), minval=0., maxval=L)  # expect: JAX501
    keys = jax.random.split(key, num_devices)  # expect: JAX501,JAX504
    x_init = x[0] + 0.0 * params_flow["w"]
    x = mcmc(logp, x_init, keys[0], mc_steps, mc_stddev)
    return int(bool(jnp.all(x_init[0] == x_dummy)))
