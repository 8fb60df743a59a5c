"""Optogenetic connectivity mapping (adaprobe / circuitmap), offline spike-and-slab CAVI in
JAX. The jitted `update_mu` updates each presynaptic cell's mean using all *other* cells:
it builds `mask = jnp.where(_cids != n, _trues, False)` and indexes `mu[mask]`,
`alpha[mask]`, `lam[mask]`. Inside jit that mask is a traced boolean array, and boolean
indexing needs a concrete mask (the result shape depends on its values), so the first
CAVI iteration fails. The authors later replaced it with integer indices
`jnp.append(jnp.arange(n), jnp.arange(n + 1, N))` "to avoid un-JITable Boolean indexing".

Source: https://github.com/marcustriplett/circuitmap/blob/0aedc1f3b823e37ce2789fcf5126d93cfc1923e2/adaprobe/optimise/cavi_offline_spike_and_slab_NOTS_jax.py#L61
Observed on jax 0.10.x: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp

from cavi import update_beta, update_mu


def run():
    N, K = 5, 30
    key = jax.random.PRNGKey(0)
    y = jax.random.normal(key, (K,))
    mu_prior = jnp.zeros(N)
    beta_prior = jnp.ones(N)
    alpha = jnp.full(N, 0.5)
    lam = jax.random.bernoulli(key, 0.3, (N, K)).astype(jnp.float32)
    shape, rate = 1.0, 1.0
    mu = mu_prior.copy()
    beta = update_beta(alpha, lam, shape, rate, beta_prior)
    mu = update_mu(y, mu, beta, alpha, lam, shape, rate, mu_prior, beta_prior)
    return mu
