"""An Equinox user learning ensembling drew the inputs `x = jax.random.normal(rng, (5, 2))`
and then built the ensemble from the same key, `make_ensemble(jax.random.split(rng, 2))`,
with `eqx.filter_vmap` over the split keys. The key that already produced the data is
consumed a second time to derive the ensemble members' initialisation keys.

Source: https://github.com/patrick-kidger/equinox/issues/559
Observed on jax 0.10.x: runs
"""
import equinox as eqx
import equinox.nn as nn
import jax


@eqx.filter_vmap
def make_ensemble(key):
    return nn.MLP(2, 1, 1, 1, key=key)


@eqx.filter_vmap(in_axes=dict(model=eqx.if_array(0), x=None))
@eqx.filter_vmap(in_axes=(None, 0))
def evaluate_ensemble(model, x):
    return model(x)


def run():
    rng = jax.random.PRNGKey(42)
    x = jax.random.normal(rng, shape=(5, 2))
    mlp_ensemble = make_ensemble(jax.random.split(rng, 2))  # expect: JAX504,JAX501
    return evaluate_ensemble(mlp_ensemble, x)
