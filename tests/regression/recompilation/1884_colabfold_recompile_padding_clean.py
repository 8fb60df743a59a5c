"""ColabFold runs one jitted model over many queries of different lengths. To
avoid recompiling for every length it keeps a running ``pad_len``: when a query
is longer than the current ``pad_len`` it sets ``pad_len = seq_len +
recompile_padding`` (queries are sorted by length first), and every shorter
query is padded up to ``pad_len`` with a residue mask. Queries whose lengths
fall in the same padding window therefore share one compiled shape; the model
compiles again only when a query outgrows the window.

Source: https://github.com/sokrypton/ColabFold/blob/3b808f0fa70ac160747eedf862b2da3be9dbcbce/colabfold/batch.py#L1534
Observed on jax 0.10.x: predict_structure compiled 2 times
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def predict_structure(params, aatype, seq_mask):
    emb = jax.nn.one_hot(aatype, 21) @ params["emb"]
    pair = jnp.einsum("ic,jc->ij", emb, emb) * seq_mask[:, None] * seq_mask[None, :]
    plddt = jax.nn.sigmoid(pair.sum(-1)) * seq_mask
    return jnp.sum(plddt) / jnp.maximum(seq_mask.sum(), 1.0)


def pad_input(aatype, pad_len):
    seq_len = aatype.shape[0]
    seq_mask = np.zeros(pad_len, np.float32)
    seq_mask[:seq_len] = 1.0
    return np.pad(aatype, (0, pad_len - seq_len)), seq_mask


def run_queries(params, queries, recompile_padding=10, max_len=10000):
    pad_len = 0
    results = {}
    for name, aatype in sorted(queries.items(), key=lambda kv: len(kv[1])):
        seq_len = len(aatype)
        # decide how much to pad (to avoid recompiling)
        if seq_len > pad_len:
            if isinstance(recompile_padding, float):
                pad_len = int(np.ceil(seq_len * recompile_padding))
            else:
                pad_len = seq_len + recompile_padding
            pad_len = min(pad_len, max_len)
        padded, seq_mask = pad_input(aatype, pad_len)
        results[name] = float(predict_structure(params, padded, seq_mask))
    return results


def run():
    rng = np.random.default_rng(0)
    params = {"emb": jnp.asarray(rng.standard_normal((21, 8)) * 0.1, jnp.float32)}
    lengths = [50, 52, 55, 58, 60, 71, 75]
    queries = {f"q{i}": rng.integers(0, 20, n) for i, n in enumerate(lengths)}
    run_queries(params, queries)
