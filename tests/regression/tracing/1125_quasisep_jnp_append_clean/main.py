"""Clean look-alike: the quasiseparable shift uses ``jnp.append`` (tinygp fix).

Source: https://github.com/dfm/tinygp/commit/40e60b51da2f5203cf4a16a024d2142f9aacfd92

After the fix ``to_general_qsm`` builds the shifted coordinates with
``jnp.append(x[0], x[:-1])``, which stays a traced jax operation, so predicting
at new inputs inside ``jit`` works.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from .gp import GaussianProcess, condition_mean
from .kernels import Exp


def run():
    X = jnp.linspace(0.0, 10.0, 25)
    gp = GaussianProcess(kernel=Exp(scale=1.5), X=X, alpha=jnp.sin(X))
    X_test = jnp.linspace(0.5, 9.5, 7)
    return condition_mean(gp, X_test)
