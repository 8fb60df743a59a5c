"""A GaussianProcess pytree whose conditional mean uses the quasiseparable form."""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class GaussianProcess:
    kernel: object = dataclasses.field(metadata=dict(static=True))
    X: jnp.ndarray
    alpha: jnp.ndarray

    def predict_mean(self, X_test):
        qsm = self.kernel.to_general_qsm(X_test, self.X)
        lower = qsm.pl[:, 0] * jnp.where(qsm.idx >= 0, jnp.cumsum(qsm.ql[:, 0] * self.alpha)[jnp.clip(qsm.idx, 0)], 0.0)
        return lower


@jax.jit
def condition_mean(gp, X_test):
    return gp.predict_mean(X_test)
