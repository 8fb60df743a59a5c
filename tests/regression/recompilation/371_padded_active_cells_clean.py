"""Clean look-alike: inputs padded to one fixed size before the jitted update.

Source: https://github.com/jax-ml/jax/issues/15412
The workaround suggested for varying shapes: pad to a fixed bucket (inactive
columns are zero, their prior block is the identity), so every iteration
calls the jitted update with the same shapes and it compiles once.

Observed on jax 0.10.2: model_update compiled 1 times
"""
import jax
import jax.numpy as jnp

N_DATA, N_CELLS, MAX_ACTIVE = 12, 40, 16


@jax.jit
def model_update(Lmat, Cs, Bmat, Cd_inv, dvec):
    G = Bmat @ Lmat
    A = G.T @ Cd_inv @ G + jnp.linalg.inv(Cs)
    return jnp.linalg.solve(A, G.T @ Cd_inv @ dvec)


def padded_inputs(key, n_active):
    Lmat = jax.random.uniform(key, (N_CELLS, n_active))
    idx = jnp.arange(n_active)
    Cs = jnp.exp(-jnp.abs(idx[:, None] - idx[None, :]) / 3.0) + 1e-3 * jnp.eye(n_active)
    pad = MAX_ACTIVE - n_active
    Lmat = jnp.pad(Lmat, ((0, 0), (0, pad)))
    Cs_full = jnp.eye(MAX_ACTIVE).at[:n_active, :n_active].set(Cs)
    return Lmat, Cs_full


def run():
    key = jax.random.PRNGKey(170)
    Bmat = jax.random.uniform(key, (N_DATA, N_CELLS))
    Cd_inv = jnp.eye(N_DATA)
    dvec = jax.random.uniform(key, (N_DATA,))
    updates = []
    for n_active in [9, 12, 7, 15]:
        key, sub = jax.random.split(key)
        Lmat, Cs = padded_inputs(sub, n_active)
        updates.append(model_update(Lmat, Cs, Bmat, Cd_inv, dvec)[:n_active])
    return updates
