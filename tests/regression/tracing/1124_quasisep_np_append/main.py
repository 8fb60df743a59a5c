"""tinygp: ``np.append`` on the training inputs inside a jitted quasiseparable predict.

Source: https://github.com/dfm/tinygp/issues/85
(fixed by https://github.com/dfm/tinygp/commit/40e60b51da2f5203cf4a16a024d2142f9aacfd92, PR #81
"Fixing dangling numpy op in quasisep")

``Quasisep.to_general_qsm(X1, X2)`` built the shifted coordinates with
``jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), X2)`` - plain NumPy.
Predicting at a non-default ``X_test`` inside ``jit`` (the GP is a pytree, so its
``X`` is traced) made NumPy call ``__array__`` on a tracer; the traceback in the
issue ends in ``numpy/lib/function_base.py ... append`` with
``TracerArrayConversionError``. The fix swapped in ``jnp.append``.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax.numpy as jnp

from .gp import GaussianProcess, condition_mean
from .kernels import Exp


def run():
    X = jnp.linspace(0.0, 10.0, 25)
    gp = GaussianProcess(kernel=Exp(scale=1.5), X=X, alpha=jnp.sin(X))
    X_test = jnp.linspace(0.5, 9.5, 7)
    return condition_mean(gp, X_test)
