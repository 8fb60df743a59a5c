"""ML-in-JAX's MLP: predict() walks the layers with `for w, b in params[:-1]` and update()
zips params with grads in a list comprehension, both inside a jitted step. The loops run
over the Python list structure of the parameter pytree (a fixed number of layers), not
over traced values, so tracing is fine and the step compiles once. Clean look-alike of
Python control flow in jitted code.

Source: https://github.com/WilliamZhang20/ML-in-JAX/blob/27228b30b3b873c0ff9abfb5660efeb3678399d9/train_utils.py#L19
Observed on jax 0.10.x: update compiled 1 times
"""
import jax.numpy as jnp
from jax import random

from train_utils import update


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    params = []
    for m, n, k in zip(sizes[:-1], sizes[1:], keys):
        w_key, b_key = random.split(k)
        params.append((1e-2 * random.normal(w_key, (n, m)), 1e-2 * random.normal(b_key, (n,))))
    return params


def run():
    params = init_network_params([6, 8, 8, 3], random.key(0))
    x = random.normal(random.key(1), (5, 6))
    y = jnp.eye(3)[jnp.array([0, 1, 2, 0, 1])]
    for _ in range(3):
        params = update(params, x, y, 0.01)
    return 0
