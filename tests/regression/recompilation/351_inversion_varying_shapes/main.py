"""A jitted update called in a loop with a different matrix shape each iteration.

Source: https://github.com/jax-ml/jax/issues/15412
The reporter ran the same linear-algebra update repeatedly, but the shapes of
the two input matrices (Lmat, Cs) changed each time, so jit recompiled on
every iteration and the GPU gave no speed-up except when a shape recurred.

Observed on jax 0.10.2: model_update compiled 4 times
"""
import jax
import jax.numpy as jnp

from inversion import active_operator, model_update, prior_covariance

N_DATA, N_CELLS = 12, 40


def run():
    key = jax.random.PRNGKey(170)
    Bmat = jax.random.uniform(key, (N_DATA, N_CELLS))
    Cd_inv = jnp.eye(N_DATA)
    dvec = jax.random.uniform(key, (N_DATA,))
    updates = []
    for n_active in [9, 12, 7, 15]:  # active cells differ per ray set
        key, sub = jax.random.split(key)
        Lmat = active_operator(sub, N_CELLS, n_active)
        Cs = prior_covariance(n_active)
        updates.append(model_update(Lmat, Cs, Bmat, Cd_inv, dvec))  # expect: JAX404
    return updates
