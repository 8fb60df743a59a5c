"""A boolean keyword argument of a jitted predict function is traced because
it was not declared static.

Source: https://github.com/jax-ml/jax/issues/1936
The issue asked for static keyword arguments in jit because "separate helper
functions" were needed to support keyword arguments; it was resolved by
``static_argnames`` (PR #3532).  Without it, ``predict(params, x,
train=True)`` traces ``train`` and the Python ``if`` on it fails.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


@jax.jit
def predict(params, x, train=False):
    h = jnp.tanh(x @ params["w"])
    if train:  # expect: JAX306,JAX201
        h = h * params["keep"]
    return h.sum(-1)


def run():
    params = {"w": jnp.ones((3, 4)), "keep": jnp.full((4,), 0.9)}
    x = jnp.ones((2, 3))
    return predict(params, x, train=True)
