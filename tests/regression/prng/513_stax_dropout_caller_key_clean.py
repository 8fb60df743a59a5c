"""Clean look-alike of 001: the Dropout ``apply_fun`` uses the ``rng`` the caller passes.

Source: https://github.com/jax-ml/jax/issues/170
mattjj's example: split the key and pass a fresh subkey into every call; the layer uses it.
run() counts calls (after the first) whose mask equals the first call's mask.

Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax import random


def Dropout(rate, mode="train"):
    def init_fun(rng, input_shape):
        return input_shape, ()

    def apply_fun(params, inputs, rng=None, **kwargs):
        if mode != "train":
            return inputs
        if rng is None:
            raise ValueError("Dropout in train mode needs an rng")
        keep = random.bernoulli(rng, rate, inputs.shape)
        return jnp.where(keep, inputs / rate, 0)

    return init_fun, apply_fun


def run():
    _, apply_fun = Dropout(0.5)
    x = jnp.ones((4, 8))
    key = random.PRNGKey(123)
    outs = []
    for _ in range(4):
        key, subkey = random.split(key)
        outs.append(np.asarray(apply_fun((), x, rng=subkey)))
    return sum(1 for o in outs[1:] if np.array_equal(o, outs[0]))
