from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(5, 6, 7))
def _jit_startup_kernel(time, key, propagator_q, params_array, gamma_dot, dt, n_steps, L):
    """JIT-compiled startup shear simulation on an L x L lattice."""
    mu, tau_pl, sigma_c = params_array[0], params_array[1], params_array[2]
    thresholds = sigma_c * (1.0 + 0.1 * jax.random.normal(key, (L, L)))

    def step(stress, _):
        plastic = jnp.where(jnp.abs(stress) > thresholds, stress / tau_pl, 0.0)
        redistributed = jnp.real(jnp.fft.ifft2(propagator_q * jnp.fft.fft2(plastic)))
        stress = stress + dt * (mu * gamma_dot - mu * plastic + redistributed)
        return stress, jnp.mean(stress)

    _, stresses_scan = jax.lax.scan(step, jnp.zeros((L, L)), None, length=n_steps)
    return jnp.concatenate([jnp.array([0.0]), stresses_scan])
