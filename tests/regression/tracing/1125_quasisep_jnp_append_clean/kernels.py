"""Quasiseparable kernels (tinygp/kernels/quasisep.py, April 2022), trimmed to Exp."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GeneralQSM(NamedTuple):
    pl: jnp.ndarray
    ql: jnp.ndarray
    pu: jnp.ndarray
    qu: jnp.ndarray
    a: jnp.ndarray
    idx: jnp.ndarray


class Quasisep:
    def coord_to_sortable(self, X):
        return X

    def to_general_qsm(self, X1, X2):
        """The generalized quasiseparable representation of this kernel"""
        sortable = jax.vmap(self.coord_to_sortable)
        idx = jnp.searchsorted(sortable(X2), sortable(X1), side="right") - 1

        Xs = jax.tree_util.tree_map(lambda x: jnp.append(x[0], x[:-1]), X2)
        Pinf = self.stationary_covariance()
        a = jax.vmap(self.transition_matrix)(Xs, X2)
        h1 = jax.vmap(self.observation_model)(X1)
        h2 = jax.vmap(self.observation_model)(X2)

        ql, pl = h2, h1 @ Pinf
        qu, pu = h1, h2 @ Pinf

        i = jnp.clip(idx, 0, ql.shape[0] - 1)
        Xi = jax.tree_util.tree_map(lambda x: jnp.asarray(x)[i], X2)
        pl = jax.vmap(jnp.dot)(pl, jax.vmap(self.transition_matrix)(Xi, X1))
        i = jnp.clip(idx + 1, 0, pu.shape[0] - 1)
        Xi = jax.tree_util.tree_map(lambda x: jnp.asarray(x)[i], X2)
        qu = jax.vmap(jnp.dot)(jax.vmap(self.transition_matrix)(X1, Xi), qu)
        return GeneralQSM(pl=pl, ql=ql, pu=pu, qu=qu, a=a, idx=idx)


class Exp(Quasisep):
    def __init__(self, scale=1.0, sigma=1.0):
        self.scale = scale
        self.sigma = sigma

    def stationary_covariance(self):
        return jnp.full((1, 1), self.sigma ** 2)

    def observation_model(self, X):
        return jnp.ones((1,))

    def transition_matrix(self, X1, X2):
        return jnp.exp(-jnp.abs(X2 - X1) / self.scale).reshape(1, 1)
