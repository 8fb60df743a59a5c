import jax
import jax.numpy as jnp

import all_atom_multimer


def template_embedding_1d(batch, num_channel):
    """Embed templates into an (num_templates, num_res, num_channels) embedding."""
    aatype_one_hot = jax.nn.one_hot(batch["template_aatype"], 22, axis=-1)

    num_templates = batch["template_aatype"].shape[0]
    all_chi_angles = []
    all_chi_masks = []
    for i in range(num_templates):  # expect: JAX407
        template_chi_angles, template_chi_mask = all_atom_multimer.compute_chi_angles(
            batch["template_all_atom_positions"][i, :, :, :],
            batch["template_all_atom_mask"][i, :, :],
            batch["template_aatype"][i, :],
        )
        all_chi_angles.append(template_chi_angles)
        all_chi_masks.append(template_chi_mask)
    chi_angles = jnp.stack(all_chi_angles, axis=0)
    chi_mask = jnp.stack(all_chi_masks, axis=0)

    template_features = jnp.concatenate(
        [aatype_one_hot, jnp.sin(chi_angles) * chi_mask,
         jnp.cos(chi_angles) * chi_mask, chi_mask], axis=-1)
    template_mask = chi_mask[:, :, 0]
    w = jnp.ones((template_features.shape[-1], num_channel)) / template_features.shape[-1]
    return jax.nn.relu(template_features @ w), template_mask
