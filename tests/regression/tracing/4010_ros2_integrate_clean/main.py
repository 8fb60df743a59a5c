"""Clean look-alike from a JAX port of the VULCAN chemical-kinetics solver: the
fixed-step driver `jax_integrate_fixed_dt` is jitted with `n_steps` in
static_argnames and runs `lax.scan` over `jnp.arange(n_steps)`; the step it
scans checks `if fix_mask is not None:` (a Python-level None test on an
optional argument) and handles the bottom-boundary flag `atm.use_botflux`, a
traced field of the AtmStatic pytree, with jnp.where rather than `if`. Every
Python-level decision is static, so nothing is concretized.

Source: https://github.com/imalsky/jax-vulcan/blob/8a8bfb0adc562d2744788376d371214ac5ad8b4b/integrate.py#L20
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp

from jax_step import AtmStatic, jax_ros2_step


@partial(jax.jit, static_argnames=("n_steps",))
def jax_integrate_fixed_dt(y0, k_arr, dt, n_steps: int, atm: AtmStatic):
    """Take N fixed-dt Ros2 steps. Returns (y_final, deltas)."""
    def body_fn(y, _):
        sol, delta_arr = jax_ros2_step(y, k_arr, dt, atm)
        delta = jnp.max(delta_arr / jnp.maximum(jnp.abs(sol), 1e-30))
        return sol, delta

    y_final, deltas = jax.lax.scan(body_fn, y0, jnp.arange(n_steps))
    return y_final, deltas


def run():
    nz, ni = 5, 3
    atm = AtmStatic(
        dzi=jnp.full((nz - 1,), 1.0),
        Kzz=jnp.full((nz - 1,), 0.1),
        use_botflux=jnp.array(True),
        bot_flux=jnp.array([1e-2, 0.0, 0.0]),
        bot_vdep=jnp.array([0.0, 1e-3, 0.0]),
    )
    k_arr = jnp.stack([jnp.full((nz,), 1e-2), jnp.full((nz,), 5e-2)])
    y0 = jnp.ones((nz, ni))
    y_final, deltas = jax_integrate_fixed_dt(y0, k_arr, 0.1, 8, atm)
    fix_mask = jnp.zeros((nz, ni), dtype=bool).at[0, 0].set(True)
    jax_ros2_step(y_final, k_arr, 0.1, atm, fix_mask)
    return float(deltas[-1])


if __name__ == "__main__":
    print(run())
