"""A stax-style Dropout layer whose ``apply_fun`` rebuilds ``PRNGKey(seed)`` and ignores ``rng``.

Source: https://github.com/jax-ml/jax/issues/170
Report: "Random key error in stax.Dropout layer" -- the user made Dropout work by adding
``rng = PRNGKey(seed)`` before ``keep = random.bernoulli(rng, rate, inputs.shape)``. mattjj:
that "will make the dropout layer always use the same fixed pattern of dropped out units";
the caller must pass a fresh subkey to ``apply_fun`` on every call instead.
run() applies the layer with three different caller keys and counts calls whose mask equals
the first call's mask.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import random


def Dropout(rate, mode="train", seed=0):
    def init_fun(rng, input_shape):
        return input_shape, ()

    def apply_fun(params, inputs, rng=None, **kwargs):
        if mode != "train":
            return inputs
        rng = random.PRNGKey(seed)  # expect: JAX502
        keep = random.bernoulli(rng, rate, inputs.shape)
        return jnp.where(keep, inputs / rate, 0)

    return init_fun, apply_fun


def run():
    _, apply_fun = Dropout(0.5)
    x = jnp.ones((4, 8))
    key = random.PRNGKey(123)
    first = None
    same = 0
    for _ in range(3):
        key, subkey = random.split(key)
        out = np.asarray(apply_fun((), x, rng=subkey))
        if first is None:
            first = out
        if np.array_equal(out, first):
            same += 1
    return same
