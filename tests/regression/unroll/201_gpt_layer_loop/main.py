"""Transformer forward pass looping over its layers in Python inside jit.

Source: https://github.com/fattorib/ZeRO-transformer/issues/13
"Replace naive loops with jax.lax.scan": "Using jax.lax.scan results in much
quicker compile times. Can be applied to: Model forward pass; gradient
accumulation in train_step." The model applied its blocks with a Python for loop,
so the jitted train step unrolls every layer (forward and backward). Here the
layer count comes from a frozen config object in another module.

Observed on jax 0.10.2: train_step compiled 1 time
"""
import jax
import jax.numpy as jnp

from .config import GPTConfig
from .model import init_params
from .train import train_step


def run():
    cfg = GPTConfig()
    params = init_params(jax.random.PRNGKey(0), cfg)
    tokens = jnp.zeros((2, cfg.block_size), jnp.int32)
    params, loss = train_step(params, tokens, tokens, cfg)
    return loss
