"""Discrete observation depth taken from a numpy-valued space bound.

Source: https://github.com/jlin816/dynalang/issues/10
The agent one-hot encodes token observations with the space's `high` bound as
the number of classes. `high` is a numpy array, passed at the static position
of the jitted `_one_hot`, and training died with "Non-hashable static
arguments are not supported ... numpy.ndarray". The fix was `int(high)`.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from encoder import MultiEncoder
from spaces import make_obs_space


def run():
    enc = MultiEncoder(make_obs_space(32))
    obs = {"image": jnp.ones((2, 4)), "token": jnp.array([3, 7])}
    return enc.preprocess(obs)
