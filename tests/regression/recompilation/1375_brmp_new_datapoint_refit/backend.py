import jax
import jax.numpy as jnp


@jax.jit
def potential_energy(params, X, y):
    b, log_sigma = params["b"], params["log_sigma"]
    mu = X @ b
    sigma = jnp.exp(log_sigma)
    log_lik = -0.5 * jnp.sum(((y - mu) / sigma) ** 2) - y.shape[0] * log_sigma
    log_prior = -0.5 * jnp.sum(b ** 2) - 0.5 * log_sigma ** 2
    return -(log_lik + log_prior)
