"""UNet down path unrolled over block types and layers-per-block from its config.

Source: https://github.com/huggingface/diffusers/issues/1874
"FlaxUNet2DConditionModel very slow to JIT due to huge jaxpr": even one block
produced thousands of jaxpr lines and the default configuration ~21,000, with CPU
compiles of minutes; the model builds its down/up path by looping in Python over
`down_block_types` and `layers_per_block`. Here a config object drives the nested
loops inside the jitted forward pass.

Observed on jax 0.10.2: unet_down compiled 1 time
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class UNetConfig:
    down_block_types: tuple = ("DownBlock2D",) * 4
    layers_per_block: int = 12
    channels: int = 8


CONFIG = UNetConfig()


def resnet_block(p, x):
    h = jax.nn.silu(x @ p["w1"])
    return x + h @ p["w2"]


def init_params(key, cfg):
    n = len(cfg.down_block_types) * cfg.layers_per_block
    keys = jax.random.split(key, n)
    c = cfg.channels
    return [{"w1": jax.random.normal(k, (c, c)) * 0.1, "w2": jnp.zeros((c, c))} for k in keys]


@jax.jit
def unet_down(params, sample):
    x = sample
    idx = 0
    for _ in CONFIG.down_block_types:
        for _ in range(CONFIG.layers_per_block):  # expect: JAX407
            x = resnet_block(params[idx], x)
            idx += 1
        x = x[::2]
    return x


def run():
    params = init_params(jax.random.PRNGKey(0), CONFIG)
    return unet_down(params, jnp.ones((64, CONFIG.channels)))
