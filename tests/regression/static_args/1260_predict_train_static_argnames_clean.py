"""The same predict function with the flag listed in static_argnames.

Source: https://github.com/jax-ml/jax/issues/1936
The resolution of the issue: ``static_argnames`` lets a keyword argument be
static, so the Python ``if train`` is evaluated at trace time (one compile per
flag value).

Observed on jax 0.10.2: predict compiled 2 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("train",))
def predict(params, x, train=False):
    h = jnp.tanh(x @ params["w"])
    if train:
        h = h * params["keep"]
    return h.sum(-1)


def run():
    params = {"w": jnp.ones((3, 4)), "keep": jnp.full((4,), 0.9)}
    x = jnp.ones((2, 3))
    predict(params, x, train=True)
    predict(params, x, train=True)
    return predict(params, x)
