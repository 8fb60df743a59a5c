"""ITT-MCT rheology model: the shared trajectory solver is jitted with the ODE vector field as a
static argument, but `make_startup_vector_field` builds a new closure on every call. jit's cache
is keyed on the closure's identity, so every startup-flow prediction (here, one per shear rate in
a sweep) retraces and recompiles the solver; the maintainers measured diffrax ~10x slower than
the scipy path it replaced until they put functools.cache on the factories. (diffrax is replaced by
a fixed-step lax.scan integrator; the jit/static/closure structure is the project's.)

Source: https://github.com/imewei/rheojax/commit/e8000dcd555dd9461c9dfc473e209daad0628214
Observed on jax 0.10.x: _solve_trajectory compiled 3 times
"""
import jax.numpy as jnp

from ._kernels_solver import solve_startup_trajectory


def run():
    t = jnp.linspace(0.0, 1.0, 32)
    curves = [
        solve_startup_trajectory(t, gd, v1=2.0, v2=3.9, Gamma=1.0, gamma_c=0.1, G_inf=1.0, n_modes=2)
        for gd in (0.1, 1.0, 10.0)
    ]
    return len(curves)
