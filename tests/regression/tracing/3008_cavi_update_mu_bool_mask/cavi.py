import jax
import jax.numpy as jnp
from jax import jit
from jax.nn import sigmoid

EPS = 1e-10


@jit
def update_beta(alpha, lam, shape, rate, beta_prev):
    return 1/jnp.sqrt(shape/rate * alpha * jnp.sum(lam, 1) + 1/(beta_prev**2))


@jit  # in-place index_updates fast enough?
def update_mu(y, mu, beta, alpha, lam, shape, rate, mu_prev, beta_prev):
    N = mu.shape[0]
    sig = shape/rate
    _cids = jnp.arange(N)
    _trues = jnp.ones(N).astype(bool)
    for n in range(N):  # expect: JAX407
        mask = jnp.where(_cids != n, _trues, False)
        mu = mu.at[n].set((beta[n]**2) * (sig * alpha[n] * jnp.dot(y, lam[n]) - sig * alpha[n]
            * jnp.dot(lam[n], jnp.sum(jnp.expand_dims(mu[mask] * alpha[mask], 1) * lam[mask], 0))  # expect: JAX205
            + mu_prev[n]/(beta_prev[n]**2)))
    return mu
