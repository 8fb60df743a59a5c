from typing import NamedTuple

import jax
import jax.numpy as jnp


class PhotoData(NamedTuple):
    """Pre-stacked cross-section arrays for JAX photochem."""
    absp_idx: jnp.ndarray      # (n_absp,)            int
    absp_cross: jnp.ndarray    # (n_absp, nbin)       float
    absp_T_idx: jnp.ndarray    # (n_absp_T,)          int
    absp_T_cross: jnp.ndarray  # (n_absp_T, nz, nbin) float
    scat_idx: jnp.ndarray      # (n_scat,)            int
    scat_cross: jnp.ndarray    # (n_scat, nbin)       float


@jax.jit
def compute_tau_jax(y: jnp.ndarray, dz: jnp.ndarray, photo: PhotoData) -> jnp.ndarray:
    """Compute optical depth tau[nz+1, nbin] (top-down cumulative)."""
    nz, ni = y.shape
    nbin = photo.absp_cross.shape[1]

    if photo.absp_idx.shape[0] > 0:
        abs_per_layer = jnp.einsum(
            "js,sb->jb", y[:, photo.absp_idx], photo.absp_cross
        ) * dz[:, None]
    else:
        abs_per_layer = jnp.zeros((nz, nbin))

    if photo.absp_T_idx.shape[0] > 0:
        absT_per_layer = jnp.sum(
            y[:, photo.absp_T_idx][:, :, None] * photo.absp_T_cross.transpose(1, 0, 2),
            axis=1,
        ) * dz[:, None]
        abs_per_layer = abs_per_layer + absT_per_layer

    if photo.scat_idx.shape[0] > 0:
        scat_per_layer = jnp.einsum(
            "js,sb->jb", y[:, photo.scat_idx], photo.scat_cross
        ) * dz[:, None]
        abs_per_layer = abs_per_layer + scat_per_layer

    # cumsum gives bottom-up partial sums; flip to obtain top-down accumulation.
    tau_no_top = jnp.flip(jnp.cumsum(jnp.flip(abs_per_layer, axis=0), axis=0), axis=0)
    tau = jnp.concatenate([tau_no_top, jnp.zeros((1, nbin))], axis=0)
    return tau
