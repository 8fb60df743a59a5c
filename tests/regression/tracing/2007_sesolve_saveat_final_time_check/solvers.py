"""Cut-down jaxquantum.core.solvers (before commit 969c4de); a fixed-step RK4 loop stands in
for diffrax.diffeqsolve."""
from typing import NamedTuple, Optional

import jax
import jax.numpy as jnp


class SaveAt(NamedTuple):
    t1: bool = False
    ts: Optional[jax.Array] = None


def _rk4_solve(f, y0, tlist, saveat, args):
    def step(y, t_pair):
        t, t_next = t_pair
        dt = t_next - t
        k1 = f(t, y, args)
        k2 = f(t + dt / 2, y + dt / 2 * k1, args)
        k3 = f(t + dt / 2, y + dt / 2 * k2, args)
        k4 = f(t + dt, y + dt * k3, args)
        y_next = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y_next, y_next

    y_final, ys = jax.lax.scan(step, y0, (tlist[:-1], tlist[1:]))
    if saveat.t1:
        return y_final[None]
    return jnp.concatenate([y0[None], ys])


def solve(f, ρ0, tlist, saveat_tlist, args, solver_options=None):
    """Gets the desired solver and integrates from tlist[0] to tlist[-1]."""
    if saveat_tlist.shape[0] == 1 and saveat_tlist == tlist[-1]:  # expect: JAX201
        saveat = SaveAt(t1=True)
    else:
        saveat = SaveAt(ts=saveat_tlist)
    return _rk4_solve(f, ρ0, tlist, saveat, args)


def sesolve(H, ψ0, tlist, saveat_tlist=None, solver_options=None):
    saveat_tlist = saveat_tlist if saveat_tlist is not None else tlist
    saveat_tlist = jnp.atleast_1d(saveat_tlist)

    def f(t, ψ, H):
        return -1j * (H @ ψ)

    return solve(f, ψ0, tlist, saveat_tlist, H, solver_options)
