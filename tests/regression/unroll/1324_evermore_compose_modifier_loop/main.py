"""evermore (binned likelihoods for HEP) combined all nuisance modifiers of a model with
`evm.modifier.compose`, whose `scale_factor` walked the modifier list in a Python loop
(`for m in range(len(self))`) and reduced the per-modifier scale factors.  Realistic
analyses have thousands of nuisance parameters, so the jitted likelihood traced one copy
of the modifier body per parameter and compiled for minutes; the PR stacked modifiers of
the same structure and used `jax.lax.scan` (compile time 87 s -> 22 s).

Source: https://github.com/pfackeldey/evermore/pull/12
Observed on jax 0.10.x: loss compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from modifier import Parameter, compose

N_NUISANCES = 64


class SPlusBModel(eqx.Module):
    norms: list

    def __init__(self, n):
        self.norms = [Parameter(value=0.0) for _ in range(n)]

    def __call__(self, hist):
        mods = [p.lnN(up=1.0 + 0.01 * (i % 7 + 1), down=1.0 - 0.01 * (i % 5 + 1))
                for i, p in enumerate(self.norms)]
        return compose(*mods)(hist)


@eqx.filter_jit
def loss(model, hist, observation):
    expectation = model(hist)
    return jnp.sum(expectation - observation * jnp.log(expectation))


def run():
    model = SPlusBModel(N_NUISANCES)
    hist = jnp.array([10.0, 20.0, 30.0, 15.0])
    observation = jnp.array([11.0, 19.0, 33.0, 14.0])
    return loss(model, hist, observation)
