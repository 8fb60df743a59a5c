"""jabble (wobble in JAX): `Model.__call__` is jitted with the model instance static
(`@partial(jax.jit, static_argnums=(0, 4))`); with no incoming parameters it checks
`self._fit` and evaluates `self.call(self.p, ...)`, reading the stored parameters inside the
traced body. After `optimize` hands the fitted values back through `_unpack` (`self.p = p`) and
the model is fixed again, the next fixed-mode call hits the cached trace (the instance hashes by
identity), so the model keeps predicting with the parameters it had before the fit.

Source: https://github.com/mdd423/wobble_jax/blob/8e3ddd15d0e01532e76dbd1f364e13c9a597adf6/jabble/model.py#L138
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax.numpy as jnp

from model import ShiftingModel


def run():
    xs = jnp.linspace(8.5, 8.6, 16)
    model = ShiftingModel(epoches=3)
    before = model([], xs, 1)
    # what optimize() does after the scipy fit: hand the fitted parameters back
    model.fit()
    model._unpack(jnp.array([1e-4, 2e-4, 3e-4]))
    model.fix()
    after = model([], xs, 1)
    return int(bool(jnp.allclose(before, after)))
