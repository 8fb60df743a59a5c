"""Mean-field ADVI, rebuilt from the MA8702 course project (vi/src/vi/advi_multivariate.py)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class MultivariateADVIResult(NamedTuple):
    mu: jnp.ndarray
    Sigma: jnp.ndarray
    mu_full: jnp.ndarray
    sigma_full: jnp.ndarray
    elbo_history: jnp.ndarray


@jax.jit(static_argnames=("logdensity_fn", "d", "n_steps", "n_samples"))
def advi_multivariate(
    logdensity_fn,
    d,
    *,
    n_steps=5000,
    n_samples=8,
    learning_rate=0.01,
    key,
):
    optimizer = optax.adam(learning_rate)

    mu = jnp.zeros(d)
    omega = jnp.full(d, -1.0)
    opt_state = optimizer.init((mu, omega))

    log_density_vmap = jax.vmap(logdensity_fn)

    def neg_elbo(mu, omega, key):
        eps = jax.random.normal(key, shape=(n_samples, d))
        sigma = jnp.exp(omega)
        zeta = mu + sigma * eps
        log_p = log_density_vmap(zeta).mean()
        entropy = jnp.sum(omega) + d / 2.0 * jnp.log(2.0 * jnp.pi * jnp.e)
        return -(log_p + entropy)

    grad_fn = jax.grad(neg_elbo, argnums=(0, 1))

    def step(carry, _):
        mu, omega, opt_state, key = carry
        key, subkey = jax.random.split(key)
        grads = grad_fn(mu, omega, subkey)
        updates, opt_state_new = optimizer.update(grads, opt_state, (mu, omega))
        mu_new, omega_new = optax.apply_updates((mu, omega), updates)
        elbo = -neg_elbo(mu_new, omega_new, subkey)
        return (mu_new, omega_new, opt_state_new, key), elbo

    init_carry = (mu, omega, opt_state, key)
    (mu_final, omega_final, _, _), elbo_history = jax.lax.scan(step, init_carry, None, length=n_steps)

    sigma_final = jnp.exp(omega_final)
    p = d - 1
    return MultivariateADVIResult(
        mu=mu_final[:p],
        Sigma=jnp.diag(sigma_final[:p] ** 2),
        mu_full=mu_final,
        sigma_full=sigma_final,
        elbo_history=elbo_history,
    )
