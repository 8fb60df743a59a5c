"""jax_cosmo "Notes for improvements": storing configuration parameters in the
cosmology structure was tried by putting a mutable dict (with a mutable default)
into the pytree aux_data. Static pytree data must be hashable and immutable;
here jit's unflatten calls `c._config.update(aux_data)` on the shared default
dict, so options passed to one jitted call leak into every later Cosmology.

Source: https://github.com/DifferentiableUniverseInitiative/jax_cosmo/issues/81
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax

from core import Cosmology


def f(c):
    c.Omega_c = 1.0 + c.Omega_c
    return c


g = jax.jit(f)


def run():
    g(Cosmology(0.25, {"flat": True, "halofit": "takahashi"}))
    leaked = 0
    for _ in range(3):
        fresh = Cosmology(0.3)
        leaked += "halofit" in fresh._config
    return leaked


if __name__ == "__main__":
    print(run())
