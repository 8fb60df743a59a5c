"""Structure-prediction port (ESMFold2 in FoldJAX): ``predict`` computes the confidence head's
chain count with ``int(features["asym_id"].max()) + 1`` and uses it to size the per-chain
matrix. Eagerly that is a host read; it is "the single thing that stopped the whole model being
jitted": once predict runs under jax.jit, asym_id is a tracer and int() of its max cannot be
evaluated. The fix reads the count on the host and passes it as a static argument.

Source: https://github.com/eightmm/FoldJAX/blob/4e816a07f39fcbf7d3de20d6d98477acd5f25c23/src/foldjax/models/esmfold2/models/model.py#L546
Observed on jax 0.10.x: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp

from model import predict


def run():
    n_tok = 6
    features = {
        "pair": jnp.ones((n_tok, n_tok, 4)),
        "asym_id": jnp.array([0, 0, 0, 1, 1, 2]),
        "residue_index": jnp.arange(n_tok),
    }
    params = {"pair_scale": jnp.float32(0.5)}
    predict(features, params)  # eager works
    out = jax.jit(predict)(features, params)
    return out["chain_pair_iptm"].shape


if __name__ == "__main__":
    run()
