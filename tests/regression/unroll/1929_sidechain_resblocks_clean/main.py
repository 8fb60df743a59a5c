"""AlphaFold structure module: `MultiRigidSidechain` maps the single representation through a
few residual blocks before predicting torsion angles, with a Python loop
`for _ in range(self.config.num_residual_block)`. The trip count comes from the model config
(2 blocks), not from the data, so unrolling it inside the jitted structure module is the
intended, cheap layout.

Source: https://github.com/google-deepmind/alphafold/blob/c77e5d2a8961d1a353632c462914ff0a32a950f6/alphafold/model/folding.py#L1020
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from config import sidechain
from folding import MultiRigidSidechain


def init_params(key, c):
    shapes = {"input_projection": (8, c.num_channel), "unnormalized_angles": (c.num_channel, 14)}
    for i in range(c.num_residual_block):
        shapes[f"resblock1_{i}"] = (c.num_channel, c.num_channel)
        shapes[f"resblock2_{i}"] = (c.num_channel, c.num_channel)
    keys = jax.random.split(key, len(shapes))
    return {n: {"w": 0.1 * jax.random.normal(k, s), "b": jnp.zeros(s[1])}
            for k, (n, s) in zip(keys, shapes.items())}


@jax.jit
def predict_angles(params, single, initial_single):
    module = MultiRigidSidechain(sidechain)
    return module(params, [single, initial_single])


def run():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = init_params(k1, sidechain)
    single = jax.random.normal(k2, (20, 8))
    initial_single = jax.random.normal(k3, (20, 8))
    predict_angles(params, single, initial_single).block_until_ready()
