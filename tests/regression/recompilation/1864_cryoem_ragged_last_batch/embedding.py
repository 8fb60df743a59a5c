"""Per-batch projection of images on the principal components (recovar style)."""
import jax
import jax.numpy as jnp


@jax.jit
def compute_batch_coords(images, ctf_params, mean, u, noise_variance):
    centered = images - ctf_params * mean[None]
    AU = ctf_params[..., None] * u[None]                    # (B, n_pix, k)
    AUtAU = jnp.einsum("bpk,bpl->bkl", AU, AU) / noise_variance
    AUty = jnp.einsum("bpk,bp->bk", AU, centered) / noise_variance
    eye = jnp.eye(u.shape[-1])[None]
    return jnp.linalg.solve(AUtAU + eye, AUty[..., None])[..., 0]
