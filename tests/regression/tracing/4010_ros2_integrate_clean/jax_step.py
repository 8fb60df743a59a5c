from typing import NamedTuple

import jax
import jax.numpy as jnp


class AtmStatic(NamedTuple):
    dzi: jnp.ndarray        # (nz-1,)
    Kzz: jnp.ndarray        # (nz-1,)
    use_botflux: jnp.ndarray  # () bool
    bot_flux: jnp.ndarray   # (ni,)
    bot_vdep: jnp.ndarray   # (ni,)


def chem_rhs(y, k_arr):
    # toy first-order loss + production network
    return k_arr[0][:, None] - k_arr[1][:, None] * y


def _apply_diffusion_jax(y, atm: AtmStatic):
    flux = atm.Kzz[:, None] * (y[1:] - y[:-1]) / atm.dzi[:, None]
    diff = jnp.zeros_like(y)
    diff = diff.at[:-1].add(flux / atm.dzi[:, None])
    diff = diff.at[1:].add(-flux / atm.dzi[:, None])
    diff = diff.at[0].add(
        jnp.where(
            atm.use_botflux,
            (atm.bot_flux - y[0] * atm.bot_vdep) / atm.dzi[0],
            jnp.zeros_like(atm.bot_flux),
        )
    )
    return diff


@jax.jit
def jax_ros2_step(y, k_arr, dt, atm: AtmStatic, fix_mask=None):
    """One 2nd-order Rosenbrock-style step (diagonal Jacobian approximation).

    `fix_mask` (nz, ni) optionally pins selected (layer, species) entries.
    """
    r = 1.0 + 1.0 / jnp.sqrt(2.0)
    c0 = 1.0 / (r * dt)

    rhs_y = chem_rhs(y, k_arr) + _apply_diffusion_jax(y, atm)
    diag = c0 + k_arr[1][:, None] * jnp.ones_like(y)

    if fix_mask is not None:
        diag = jnp.where(fix_mask, c0, diag)
        rhs_y = jnp.where(fix_mask, 0.0, rhs_y)

    k1 = rhs_y / diag
    yk2 = y + k1 / r
    rhs_yk2 = chem_rhs(yk2, k_arr) + _apply_diffusion_jax(yk2, atm)
    if fix_mask is not None:
        rhs_yk2 = jnp.where(fix_mask, 0.0, rhs_yk2)

    rhs2 = rhs_yk2 - (2.0 / (r * dt)) * k1
    k2 = rhs2 / diag

    sol = y + (3.0 / (2.0 * r)) * k1 + (1.0 / (2.0 * r)) * k2
    delta_arr = jnp.abs(sol - yk2)
    return sol, delta_arr
