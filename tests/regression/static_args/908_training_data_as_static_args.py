"""Linear-regression loss jitted with the fixed training arrays marked static
"so they are frozen at compile time".

Source: https://openillumi.com/en/en-jax-jit-static-argnums-array-fix
"ValueError: Non-hashable static arguments are not supported ... Static argument
(index 1) of type <class 'numpy.ndarray'> for function loss is non-hashable":
the user put the data ``x``/``y`` in ``static_argnums``; the fix is a plain
``@jit``.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=(1, 2))
def loss(r, x, y):
    return jnp.mean((x @ r - y) ** 2)


def fit(x, y, steps=3, lr=0.1):
    r = jnp.zeros(x.shape[1])
    grad_fn = jax.grad(loss)
    for _ in range(steps):
        r = r - lr * grad_fn(r, x, y)  # expect: JAX302
    return r


def run():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(20, 2))
    y = x @ np.array([1.0, -2.0])
    return fit(x, y)
