"""Parametric-matrix-model style modules and a NonSequential container."""
import jax
import jax.numpy as jnp


class AffineHermitianMatrix:
    """Eigenvalues of M(x) = A + sum_k x_k B_k, a small parametric matrix module."""

    def __init__(self, dim, n_features):
        self.dim = dim
        self.n_features = n_features

    def init(self, key):
        ka, kb = jax.random.split(key)
        a = jax.random.normal(ka, (self.dim, self.dim))
        b = jax.random.normal(kb, (self.n_features, self.dim, self.dim))
        return {"A": 0.1 * (a + a.T), "B": 0.1 * (b + jnp.swapaxes(b, 1, 2))}

    def __call__(self, params, x):
        m = params["A"] + jnp.tensordot(x, params["B"], axes=1)
        return jnp.linalg.eigh(m)[0][: self.n_features]


class NonSequentialModel:
    def __init__(self, modules):
        self.modules = modules

    def init(self, key):
        return [m.init(k) for m, k in zip(self.modules, jax.random.split(key, len(self.modules)))]

    def __call__(self, params, x):
        for module, p in zip(self.modules, params):  # expect: JAX407
            x = x + module(p, x)
        return x
