import jax.numpy as jnp


def f12_volterra_startup_rhs(state, t, gamma_dot, v1, v2, Gamma, gamma_c, G_inf, n_modes):
    phi = state[0]
    memory = v1 * phi + v2 * phi**2
    strain = gamma_dot * t
    h = jnp.exp(-((strain / gamma_c) ** 2))
    dphi = -Gamma * (phi + memory * h)
    dK = -jnp.arange(1, n_modes + 1, dtype=state.dtype) * state[1 : 1 + n_modes]
    dgamma = gamma_dot
    dsigma = G_inf * phi**2 * gamma_dot
    return jnp.concatenate([jnp.array([dphi]), dK, jnp.array([dgamma, dsigma])])
