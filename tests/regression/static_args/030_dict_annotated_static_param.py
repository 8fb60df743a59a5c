"""A static parameter annotated `dict`.

Source: https://github.com/google-research/long-range-arena/issues/7
A config dictionary declared as a static argument can never be hashed; the signature itself
says so before any call.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def apply_model(params, x, hparams: dict):  # expect: JAX301
    return jnp.tanh(x @ params) * hparams["scale"]


apply_model = jax.jit(apply_model, static_argnames=["hparams"])


def predict(x):
    return apply_model(jnp.ones((3, 2)), x, hparams={"scale": 2.0})  # expect: JAX302


def run():
    return predict(jnp.ones(3))
