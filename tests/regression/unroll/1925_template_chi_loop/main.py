"""AlphaFold-multimer style template embedding: `template_embedding_1d` reads
`num_templates = batch['template_aatype'].shape[0]` and runs a Python `for` loop over the
templates, computing chi angles for each one and stacking the results. Inside the jitted
model this loop is unrolled once per template in the input batch, so the traced program
grows with the number of templates fed in (a per-template vmap would trace it once).

Source: https://github.com/google-deepmind/alphafold/blob/c77e5d2a8961d1a353632c462914ff0a32a950f6/alphafold/model/modules_multimer.py#L1219
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from modules_multimer import template_embedding_1d


@jax.jit
def embed_templates(batch):
    act, mask = template_embedding_1d(batch, num_channel=8)
    return jnp.sum(act * mask[..., None])


def run():
    num_templates, num_res = 4, 12
    aa_key, pos_key = jax.random.split(jax.random.PRNGKey(0))
    batch = {
        "template_aatype": jax.random.randint(aa_key, (num_templates, num_res), 0, 21),
        "template_all_atom_positions": jax.random.normal(pos_key, (num_templates, num_res, 37, 3)),
        "template_all_atom_mask": jnp.ones((num_templates, num_res, 37)),
    }
    embed_templates(batch).block_until_ready()
