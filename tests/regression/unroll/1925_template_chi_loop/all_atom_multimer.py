import jax.numpy as jnp


def dihedral_angle(a, b, c, d):
    v1, v2, v3 = b - a, c - b, d - c
    c1 = jnp.cross(v1, v2)
    c2 = jnp.cross(v2, v3)
    p = jnp.sum(jnp.cross(c1, c2) * v2, -1) / (jnp.linalg.norm(v2, axis=-1) + 1e-8)
    return jnp.arctan2(p, jnp.sum(c1 * c2, -1))


def compute_chi_angles(positions, mask, aatype):
    """Four chi angles per residue from a (num_res, 37, 3) atom array."""
    chis, chi_masks = [], []
    for k in range(4):
        a, b, c, d = (positions[:, k + j] for j in range(4))
        chis.append(dihedral_angle(a, b, c, d))
        chi_masks.append(jnp.prod(mask[:, k:k + 4], axis=-1) * (aatype > 0))
    return jnp.stack(chis, -1), jnp.stack(chi_masks, -1)
