from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class ModelSettings:
    num_loops: int = 2
    confidence_n_layers: int = 1


def confidence_head(z, asym_id, *, n_chains):
    one_hot = (asym_id[:, None] == jnp.arange(n_chains)[None, :]).astype(z.dtype)
    pair_score = jnp.mean(z, axis=-1)
    per_chain = one_hot.T @ pair_score @ one_hot
    return {"chain_pair_iptm": per_chain}


def predict(key, features, parameters, *, settings, n_chains):
    z = features["pair"] * parameters["pair_scale"]
    for _ in range(max(1, settings.num_loops + 1)):
        z = jnp.tanh(z)
    out = {"distogram_logits": z + jnp.swapaxes(z, 0, 1)}
    out.update(confidence_head(z, features["asym_id"], n_chains=n_chains))
    return out
