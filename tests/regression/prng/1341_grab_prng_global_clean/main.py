"""The aml course repository keeps one module-level PRNG key and hands out a fresh one through
`grab_prng()`, which splits and rebinds the global on every call. The helper is only ever called
from eager Python (data shuffling, initialisation between jitted steps), and the key it returns
is passed into the jitted function as an argument, so each call really does advance the stream.

Source: https://github.com/Nano1337/aml/blob/91c5e822a0f35ee28495edc35cc2e6d198055f65/utils.py
Observed on jax 0.10.x: 0 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

import utils


@jax.jit
def noisy_sgd_step(w, x, y, key):
    grad = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - 0.1 * (grad + 0.01 * jax.random.normal(key, w.shape))


def run():
    utils.init_prng(3)
    x = jnp.ones((8, 2))
    y = jnp.ones((8,))
    perms = []
    w = jnp.zeros((2,))
    for epoch in range(3):
        perm = jax.random.permutation(utils.grab_prng(), 8)
        w = noisy_sgd_step(w, x[perm], y[perm], utils.grab_prng())
        perms.append(np.asarray(perm))
    return sum(int(np.array_equal(perms[i], perms[i + 1])) for i in range(2))
