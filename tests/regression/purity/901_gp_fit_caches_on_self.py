"""Gaussian-process class whose jitted ``fit`` caches the training data and the
Cholesky factor on ``self``.

Source: https://github.com/jax-ml/jax/issues/5344
The user wrapped ``self.fit`` with ``jit`` in ``__init__`` (``debug=False``) and
stored ``self.x`` / ``self.U`` inside it so that ``predict`` could reuse them.
The values stored are tracers of the finished trace; ``predict`` then fails with
a tracer error ("TODO: figure out why you can't JIT self.fit").

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp
from jax import jit, vmap


def rbf(a, b, lengthscale=1.0):
    return jnp.exp(-0.5 * jnp.sum((a - b) ** 2) / lengthscale**2)


class GP:
    def __init__(self, alpha: float = 1e-6, debug: bool = True):
        self.alpha = alpha
        self.x = None
        self.U = None
        self.predict_mu = vmap(self.predict_)
        if debug is False:
            self.fit = jit(self.fit)

    def gram(self, a, b):
        return vmap(lambda p: vmap(lambda q: rbf(p, q))(b))(a)

    def fit(self, x, y):
        K = self.gram(x, x) + self.alpha * jnp.eye(x.shape[0])
        self.x = x  # expect: JAX105
        self.U = jnp.linalg.cholesky(K)  # expect: JAX105
        return jax.scipy.linalg.cho_solve((self.U, True), y)

    def predict_(self, x_star, weights):
        k_star = vmap(lambda p: rbf(x_star, p))(self.x)
        return k_star @ weights


def run():
    x = jnp.linspace(0.0, 1.0, 8)[:, None]
    y = jnp.sin(6.0 * x[:, 0])
    gp = GP(debug=False)
    w = gp.fit(x, y)
    x_star = jnp.linspace(0.0, 1.0, 4)[:, None]
    return gp.predict_mu(x_star, jnp.broadcast_to(w, (4, 8)))
