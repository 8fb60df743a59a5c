"""ABCMB #17: the cosmology parameters travel as one dict into the jitted solver.
`tau_n_fac`, `nuclear_rates_q` and `Delta_Neff_init` stay whatever type the user
gave (Python floats by default) and are only converted inside LINX. When a scan
passes array values for them, the dict's leaf types change (weak Python float ->
float32 array) and ABCMB recompiles.

Source: https://github.com/TonyZhou729/ABCMB/issues/17
Observed on jax 0.10.x: compute_spectrum compiled 2 times
"""
import jax
import jax.numpy as jnp

DEFAULT_PARAMS = {"omega_b": jnp.asarray(0.0224), "omega_cdm": jnp.asarray(0.12),
                  "tau_n_fac": 1.0, "Delta_Neff_init": 0.0}


@jax.jit
def compute_spectrum(params, ell):
    Yp = 0.247 * params["tau_n_fac"] ** 0.7 + 0.013 * params["Delta_Neff_init"]
    return (params["omega_b"] * (1 - Yp) + params["omega_cdm"]) * jnp.exp(-ell / 1000.0)


def run():
    ell = jnp.arange(2.0, 200.0)
    params = dict(DEFAULT_PARAMS)
    compute_spectrum(params, ell)
    for tau in jnp.linspace(0.98, 1.02, 3):
        params = dict(DEFAULT_PARAMS, tau_n_fac=tau)
        compute_spectrum(params, ell)  # expect: JAX406
    return None


if __name__ == "__main__":
    run()
