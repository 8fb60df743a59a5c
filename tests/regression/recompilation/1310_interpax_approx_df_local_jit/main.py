"""interpax's `approx_df` wrapped its worker in a locally defined closure (`fun`, closing
over the non-jittable method/kwargs) and called `jit(fun)(x, f)`.  Every call creates a
new function object, so jit's cache never hits: each interpolation that needs derivatives
traces and compiles again ("excessive recompilation", issue #94).  The fix stopped jitting
a local function and jitted module-level kernels instead.

Source: https://github.com/f0uriest/interpax/pull/99
Observed on jax 0.10.x: fun compiled 3 times
"""
import jax.numpy as jnp

from fd_derivs import approx_df


def interp1d(xq, x, f, method="cubic", **kwargs):
    fx = approx_df(x, f, method, axis=0, **kwargs)
    i = jnp.clip(jnp.searchsorted(x, xq, side="right"), 1, len(x) - 1)
    dx = x[i] - x[i - 1]
    t = (xq - x[i - 1]) / dx
    h00 = 2 * t**3 - 3 * t**2 + 1
    h10 = t**3 - 2 * t**2 + t
    h01 = -2 * t**3 + 3 * t**2
    h11 = t**3 - t**2
    return h00 * f[i - 1] + h10 * dx * fx[i - 1] + h01 * f[i] + h11 * dx * fx[i]


def run():
    x = jnp.linspace(0.0, 2.0, 40)
    xq = jnp.linspace(0.1, 1.9, 9)
    out = []
    for shift in (0.0, 0.5, 1.0):  # same shapes, same method every time
        out.append(interp1d(xq, x, jnp.sin(x + shift), method="cubic"))
    return jnp.stack(out)
