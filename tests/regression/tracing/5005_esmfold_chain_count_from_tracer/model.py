import jax.numpy as jnp


def confidence_head(z, asym_id, *, n_chains):
    """Per-chain-pair ipTM-like matrix: sizes an output with the chain count."""
    one_hot = (asym_id[:, None] == jnp.arange(n_chains)[None, :]).astype(z.dtype)
    pair_score = jnp.mean(z, axis=-1)
    per_chain = one_hot.T @ pair_score @ one_hot
    return {"chain_pair_iptm": per_chain / jnp.maximum(one_hot.sum(0)[:, None] * one_hot.sum(0)[None, :], 1.0)}


def predict(features, params):
    z = features["pair"] * params["pair_scale"]
    distogram_logits = z + jnp.swapaxes(z, 0, 1)

    n_chains = int(features["asym_id"].max()) + 1  # expect: JAX202,JAX204
    output = {
        "distogram_logits": distogram_logits,
        "residue_index": features["residue_index"],
    }
    output.update(confidence_head(z, features["asym_id"], n_chains=n_chains))
    return output
