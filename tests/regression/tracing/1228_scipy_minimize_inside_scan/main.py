"""A SciPy-backed bounded minimizer is called inside `lax.scan`.

Source: https://github.com/google/jaxopt/issues/403
The reporter ran value-function iteration with `ScipyBoundedMinimize` from
inside `jax.lax.scan`: `def T_jax(v, model): def update_v(carry, y): b =
jnp.array((1e-5, y)); result = solver.run(y, bounds=b, data=(y, v, model)).params
...; _, v_values = jax.lax.scan(update_v, 0, model.grid)`.  The scipy wrappers
convert their inputs with `jnp_to_onp`, i.e.
`onp.asarray(leaf, dtype).reshape(-1) for leaf in tree_leaves(x_jnp)`, and
inside the scan body `y` is a tracer, so the NumPy conversion fails
(TracerArrayConversionError).  SciPy solvers run on the host and cannot be
scanned or jitted.

Layout: `scipy_wrappers.py` (the conversion), `savings.py` (the Bellman
operator with the scan), `main.py`.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax.numpy as jnp

from .savings import Model, T_jax


def run():
    model = Model(beta=0.95, R=1.02, grid=jnp.linspace(0.5, 4.0, 12))
    v = jnp.log(model.grid)
    return T_jax(v, model)
