"""Clean look-alike from a JAX port of the VULCAN photochemistry code: the jitted
`compute_tau_jax` takes a `PhotoData` NamedTuple of index/cross-section arrays
and uses Python `if photo.absp_idx.shape[0] > 0:` to skip absorber groups that
are empty. The condition reads a field of a pytree inside jitted code, but only
its static shape, so it is decided at trace time (an empty scattering group
simply compiles a different program) and nothing is concretized.

Source: https://github.com/imalsky/jax-vulcan/blob/8a8bfb0adc562d2744788376d371214ac5ad8b4b/photo.py#L84
Observed on jax 0.10.x: runs
"""
import numpy as np
import jax.numpy as jnp

from photo import PhotoData, compute_tau_jax


def build_photo_data(nz, nbin, absp_sp, scat_sp, species_list):
    absp_idx = np.array([species_list.index(sp) for sp in absp_sp], dtype=np.int32)
    if scat_sp:
        scat_idx = np.array([species_list.index(sp) for sp in scat_sp], dtype=np.int32)
        scat_cross = jnp.full((len(scat_sp), nbin), 1e-3)
    else:
        scat_idx = np.zeros((0,), dtype=np.int32)
        scat_cross = jnp.zeros((0, nbin))
    return PhotoData(
        absp_idx=jnp.asarray(absp_idx),
        absp_cross=jnp.full((len(absp_sp), nbin), 2e-3),
        absp_T_idx=jnp.zeros((0,), dtype=jnp.int32),
        absp_T_cross=jnp.zeros((0, nz, nbin)),
        scat_idx=jnp.asarray(scat_idx),
        scat_cross=scat_cross,
    )


def run():
    species = ["H2O", "CO2", "CH4", "N2"]
    nz, nbin = 6, 5
    y = jnp.ones((nz, len(species)))
    dz = jnp.full((nz,), 0.5)
    with_scat = build_photo_data(nz, nbin, ["H2O", "CO2"], ["N2"], species)
    no_scat = build_photo_data(nz, nbin, ["H2O", "CO2"], [], species)
    tau1 = compute_tau_jax(y, dz, with_scat)
    tau2 = compute_tau_jax(y, dz, no_scat)
    return float(tau1[0, 0] - tau2[0, 0])


if __name__ == "__main__":
    print(run())
