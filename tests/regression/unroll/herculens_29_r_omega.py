"""Rebuilt from https://github.com/Herculens/herculens/pull/29: a series evaluated with a Python
`for` loop that jit unrolls ("the JIT compiler needs to unroll the entire for loop"); replaced by
`lax.fori_loop`."""
import jax
import jax.numpy as jnp


@jax.jit
def R_omega(z, t, q, nmax=100):
    f = (1.0 - q) / (1.0 + q)
    omega_i = z
    total = omega_i
    for i in range(1, nmax):  # expect: JAX407
        omega_i = -f * ((2 * i - (2 - t)) / (2 * i + (2 - t))) * (z / jnp.conj(z)) * omega_i
        total = total + omega_i
    return total
