"""An ensemble of MLPs of different depths is built from one key.

Source: https://github.com/patrick-kidger/equinox/issues/786
The reporter builds an ensemble for hyper-parameter tuning with
`model_ens = [eqx.nn.MLP(2, 2, 2, depth=depth, key=key) for depth in depth_ens]`
and then draws `inputs = jrandom.uniform(key, shape=(2,))` from the same key
(here the inputs get their own subkey so only the comprehension is the hazard).
Every member receives the same key; `eqx.nn.MLP` splits it into `depth + 1`
layer keys, and with the (default, partitionable) threefry `split(key, n)`
shares its leading keys across `n`, so every member's first layer (and every
shared deeper layer) starts from identical weights.

`run()` counts members whose first-layer weights equal member 0's.

Observed on jax 0.10.2: 8 of 8 calls
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jrandom


def build_ensemble(key, depths):
    return [eqx.nn.MLP(2, 2, 8, depth=depth, key=key) for depth in depths]  # expect: JAX503,JAX501


@eqx.filter_jit
def evaluate(models, inputs):
    return [m(inputs) for m in models]


def run():
    key = jrandom.key(1111)
    model_key, input_key = jrandom.split(key)
    depths = list(range(1, 10))
    models = build_ensemble(model_key, depths)
    inputs = jrandom.uniform(input_key, shape=(2,))
    evaluate(models, inputs)
    first = models[0].layers[0].weight
    return sum(int(bool(jnp.array_equal(first, m.layers[0].weight))) for m in models[1:])
