"""The fixed ESMFold2 entry point in FoldJAX: the chain count that sizes the confidence head is
read on the host from the NumPy features (``int(np.asarray(features["asym_id"]).max()) + 1``)
before anything is traced, and both it and the frozen settings dataclass are static arguments of
a jitted runner cached per (settings, n_chains) with lru_cache. int() and max() here only touch
host values; a second job of the same shape reuses the compiled program.

Source: https://github.com/eightmm/FoldJAX/blob/97e23b19f09d9b682169316064865c66663ca238/src/foldjax/models/esmfold2/inference.py#L138
Observed on jax 0.10.x: _run compiled 1 times
"""
from functools import lru_cache

import jax
import jax.numpy as jnp
import numpy as np

import model as structure_model


def _run(key, features, parameters, lm_hidden_states, settings, n_chains):
    return structure_model.predict(
        key, features, parameters, settings=settings, n_chains=n_chains
    )


@lru_cache(maxsize=8)
def compiled_predict(settings, n_chains):
    return jax.jit(_run, static_argnums=(4, 5))


def predict(key, features, parameters, settings):
    arrays = {name: jnp.asarray(value) for name, value in features.items()}
    # Read on the host: it sizes the confidence head's per-chain matrix.
    n_chains = int(np.asarray(features["asym_id"]).max()) + 1
    runner = compiled_predict(settings, n_chains)
    return runner(key, arrays, parameters, None, settings, n_chains)


def run():
    settings = structure_model.ModelSettings()
    parameters = {"pair_scale": jnp.float32(0.5)}
    key = jax.random.key(0)
    for shift in range(2):
        features = {
            "pair": np.full((6, 6, 4), 1.0 + shift, np.float32),
            "asym_id": np.array([0, 0, 0, 1, 1, 2]),
        }
        out = predict(key, features, parameters, settings)
    return out["chain_pair_iptm"].shape


if __name__ == "__main__":
    run()
