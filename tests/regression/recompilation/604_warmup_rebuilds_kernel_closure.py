"""HMC warmup that rebuilds (and re-jits) the transition kernel closure whenever a parameter adapts.

Source: https://github.com/rlouf/mcx/pull/29
mcx's Stan-style warmup was very slow (2 min for 500 steps): "we use closures to
embed parameters inside the metrics, proposals, integrators, etc. Every time a
parameter changes during warmup we need to re-define and compile these
functions". Below, each adaptation window builds a new kernel closing over the
current step size and mass matrix and jits it.

Observed on jax 0.10.2: hmc_kernel compiled 3 times
"""
import jax
import jax.numpy as jnp


def logpdf(x):
    return -0.5 * jnp.sum(x**2)


def build_kernel(step_size, inverse_mass_matrix, num_integration_steps=4):
    def hmc_kernel(key, position):
        momentum = jax.random.normal(key, position.shape) / jnp.sqrt(inverse_mass_matrix)
        grad = jax.grad(logpdf)
        p = momentum + 0.5 * step_size * grad(position)
        x = position
        for _ in range(num_integration_steps):
            x = x + step_size * inverse_mass_matrix * p
            p = p + step_size * grad(x)
        return x

    return hmc_kernel


def warmup(key, position, schedule):
    step_size, inv_mass = 0.1, jnp.ones_like(position)
    for window_len in schedule:
        kernel = jax.jit(build_kernel(step_size, inv_mass))
        chain = []
        for _ in range(window_len):
            key, subkey = jax.random.split(key)
            position = kernel(subkey, position)  # expect: JAX401,JAX402,JAX407
            chain.append(position)
        chain = jnp.stack(chain)
        inv_mass = jnp.var(chain, axis=0) + 1e-3
        step_size = step_size * 1.1
    return position


def run():
    return warmup(jax.random.key(0), jnp.ones(3), [3, 3, 3])
