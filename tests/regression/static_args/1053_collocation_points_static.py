"""Collocation grid passed as a static argument of a jitted residual.

Source: https://github.com/leakec/tfc/issues/4
What happened: in tfc (Theory of Functional Connections) the user jitted
``f = lambda x, xi: H(x) @ xi`` with ``static_argnums=(0,)`` so that the basis
at the collocation points would be cached; the points are a NumPy array, which
cannot be hashed, so JAX refuses the call.
Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp
import numpy as np


class ChebyshevBasis:
    def __init__(self, n_points, degree):
        self.x = np.cos(np.pi * np.arange(n_points) / (n_points - 1))
        self.degree = degree
        self._residual = jax.jit(self._residual_impl, static_argnums=(0,))

    def H(self, x):
        x = jnp.asarray(x)
        return jnp.stack([jnp.cos(k * jnp.arccos(x)) for k in range(self.degree)], axis=1)

    def _residual_impl(self, x, xi):
        return self.H(x) @ xi - jnp.sin(jnp.asarray(x))

    def residual(self, xi):
        return self._residual(self.x, xi)  # expect: JAX302


def run():
    basis = ChebyshevBasis(20, 6)
    return basis.residual(jnp.zeros(6)).sum()
