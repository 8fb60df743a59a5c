"""Gradient accumulation unrolled with a Python loop inside the jitted step.

Source: https://github.com/fattorib/ZeRO-transformer/issues/13
"Replace naive loops with jax.lax.scan": using scan results in much quicker
compile times, to be applied to the model forward pass and to gradient
accumulation in train_step.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from config import TrainConfig
from model import init
from train_step import train_step


def run():
    cfg = TrainConfig()
    params = init(jax.random.PRNGKey(0), cfg)
    rows = cfg.gradient_accumulation_steps * cfg.micro_batch
    batch = jnp.arange(rows * 9).reshape(rows, 9) % cfg.vocab
    params, loss = train_step(cfg, params, batch)
    return loss
