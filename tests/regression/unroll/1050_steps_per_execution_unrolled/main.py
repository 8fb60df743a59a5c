"""Keras-style ``steps_per_execution`` implemented as a Python loop under jit.

Source: https://github.com/keras-team/keras/issues/20411
What happened: with the JAX backend the model was traced once per step of
``steps_per_execution`` because the multi-step function looped in Python inside
the jitted function; compile time and memory grew linearly (20 steps: 20
retracings, 6.3 GB, 30 s of compilation).
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from model import init_params
from trainer import Trainer


def run():
    key = jax.random.PRNGKey(0)
    params = init_params(key, 4)
    xs = jax.random.normal(key, (64, 8, 4))
    ys = jnp.zeros((64, 8, 1))
    params = Trainer(steps_per_execution=32).fit(params, xs, ys)
    return params["w2"].sum()
