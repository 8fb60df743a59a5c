"""An interpax user wrapped an `Interpolator1D` (an equinox Module holding the grid, the
values and the interpolation `method` string) and passed it straight into a plain
`jax.jit` function.  Because `method: str` was an ordinary (dynamic) dataclass field, jit
tried to turn the string into an abstract array and failed; `eqx.filter_jit` only worked
because it partitions non-arrays out first.  The fix declared `method` as
`eqx.field(static=True)` so the string becomes part of the treedef.

Source: https://github.com/f0uriest/interpax/pull/77
Observed on jax 0.10.x: raises TypeError
"""
from typing import Union

import equinox as eqx
import jax
import jax.numpy as jnp


class Interpolator1D(eqx.Module):
    x: jax.Array
    f: jax.Array
    method: str
    extrap: Union[bool, float, tuple]
    period: Union[None, float]

    def __init__(self, x, f, method="cubic", extrap=False, period=None):
        self.x = jnp.asarray(x)
        self.f = jnp.asarray(f)
        self.method = method
        self.extrap = extrap
        self.period = period

    def __call__(self, xq):
        if self.method == "nearest":
            idx = jnp.argmin(jnp.abs(xq[:, None] - self.x[None, :]), axis=1)
            return self.f[idx]
        return jnp.interp(xq, self.x, self.f)


@jax.jit
def evaluate_profile(interp, xq):
    return interp(xq) ** 2


def run():
    x = jnp.linspace(0.0, 1.0, 32)
    interp = Interpolator1D(x, jnp.sin(2 * jnp.pi * x), method="nearest")
    xq = jnp.linspace(0.0, 1.0, 7)
    return evaluate_profile(interp, xq)  # expect: JAX306
