"""jaxpt builds its models through create_sharded_model, jitted with
static_argnums=(0, 1, 3): the model class, the config and the mesh are static.
The config classes are declared @dataclass(eq=True, unsafe_hash=True), so two
equal configs hash equal and the static argument is a proper, hashable
compile-time constant; building the model twice from equal configs reuses the
compiled initialiser. (Rebuilt with an equinox model in place of flax.nnx.)

Source: https://github.com/novastar53/jaxpt/blob/9105e9f8c9c1eaf9c913d00bfac2d6a6fbcd3012/src/jaxpt/utils.py#L38
Observed on jax 0.10.x: create_sharded_model compiled 1 times
"""
from dataclasses import dataclass
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp


@dataclass(eq=True, unsafe_hash=True)
class GPTConfig:
    vocab_size: int = 64
    n_embed: int = 8
    n_layer: int = 2


class GPT(eqx.Module):
    wte: jax.Array
    blocks: list

    def __init__(self, config, key):
        keys = jax.random.split(key, config.n_layer + 1)
        self.wte = jax.random.normal(keys[0], (config.vocab_size, config.n_embed))
        self.blocks = [eqx.nn.Linear(config.n_embed, config.n_embed, key=k) for k in keys[1:]]


@partial(jax.jit, static_argnums=(0, 1, 3))
def create_sharded_model(Model, config, key, mesh):
    model = Model(config=config, key=key)
    return model


def run():
    mesh = None
    m1 = create_sharded_model(GPT, GPTConfig(), jax.random.PRNGKey(0), mesh)
    m2 = create_sharded_model(GPT, GPTConfig(), jax.random.PRNGKey(1), mesh)
    return None
