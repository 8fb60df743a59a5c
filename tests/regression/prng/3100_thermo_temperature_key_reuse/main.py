"""Thermodynamic-integration loss of a latent EBM (JAX-ThermoEBM). `thermo_loss` draws the
initial posterior batch `z_init` with `key`, then starts the `lax.scan` over the temperature
schedule with the very same `key` in its carry. The first scan step calls
`batch_sample_posterior(key, ...)` again at t = 0, so the "new" posterior samples of the first
temperature are exactly `z_init`: the KL bias term between consecutive temperatures sees two
identical batches instead of two independent draws.

Source: https://github.com/PritRaj1/JAX-ThermoEBM/blob/78b69c2b5fc623ec269840fb66fef687add84a75/src/loss_computation/thermo_computation.py#L85
Observed on jax 0.10.x: 1 of 1 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax.lax import scan

from loss_helper import batch_sample_posterior, batched_llhood_fn

num_temps = 6
temp_power = 1.0
temp_schedule = jnp.linspace(0, 1, num_temps) ** temp_power


def thermo_scan_loop(carry, t, x, GEN_params):
    key, t_prev, prev_loss, prev_z, keep_KL = carry
    key, z_posterior = batch_sample_posterior(key, x, t, GEN_params)
    current_loss = batched_llhood_fn(z_posterior, x, GEN_params).mean()
    delta_T = t - t_prev
    kl_bias = jnp.mean((prev_z - z_posterior) ** 2) * keep_KL
    temperature_loss = (current_loss + prev_loss) * delta_T + kl_bias
    return (key, t, current_loss, z_posterior, 1), (temperature_loss, z_posterior)


@jax.jit
def thermo_loss(key, x, GEN_params):
    scan_loss = partial(thermo_scan_loop, x=x, GEN_params=GEN_params)
    z_init = batch_sample_posterior(key, x, 0.0, GEN_params)[1]
    initial_state = (key, 0.0, 0.0, z_init, 0)  # expect: JAX501
    (key, _, _, _, _), (temp_losses, zs) = scan(f=scan_loss, init=initial_state, xs=temp_schedule)
    return -0.5 * temp_losses.sum(), key, z_init, zs


def run():
    key = jax.random.PRNGKey(0)
    k_data, k_params, key = jax.random.split(key, 3)
    x = jax.random.normal(k_data, (4, 16))
    GEN_params = 0.1 * jax.random.normal(k_params, (16, 8))
    loss, key, z_init, zs = thermo_loss(key, x, GEN_params)
    return int(bool(jnp.all(z_init == zs[0])))
