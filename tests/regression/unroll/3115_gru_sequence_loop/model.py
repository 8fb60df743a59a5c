from typing import List

import jax
import jax.numpy as jnp
from jax import Array

Parameters = List[Array]


def _sgm(x):
    return 1 / (1 + jnp.exp(-x))


class GRU:

    # Calculate the forward pass
    def __call__(self, *, params: Parameters, H: Array, X: Array):

        # Extract the parameters
        Wxr, Whr, Wxz, Whz, Wxh, Whh, Why, br, bz, bh, by = params

        # Initialize the output logits
        Y = []

        # Loop over the sequence
        for i in range(X.shape[1]):  # expect: JAX407
            # Select the ith sequence and the entire minibatch
            Xt = X[:, i, :].T
            R = _sgm(jnp.dot(Wxr, Xt) + jnp.dot(Whr, H) + br)
            Z = _sgm(jnp.dot(Wxz, Xt) + jnp.dot(Whz, H) + bz)
            Hc = _sgm(jnp.dot(Wxh, Xt) + R * jnp.dot(Whh, H) + bh)
            H = Z * H + (1 - Z) * Hc
            Yt = jnp.dot(Why, H) + by
            Y.append(Yt)

        return H, jnp.stack(Y)


def gru(rng: Array, vocab_size: int, hidden_size: int):
    keys = jax.random.split(rng, 7)
    W = lambda k, d1, d2: jax.random.normal(k, (d1, d2)) * 0.01
    b = lambda d: jnp.zeros((d, 1))
    params = (W(keys[0], hidden_size, vocab_size), W(keys[1], hidden_size, hidden_size),
              W(keys[2], hidden_size, vocab_size), W(keys[3], hidden_size, hidden_size),
              W(keys[4], hidden_size, vocab_size), W(keys[5], hidden_size, hidden_size),
              W(keys[6], vocab_size, hidden_size),
              b(hidden_size), b(hidden_size), b(hidden_size), b(vocab_size))
    return params, GRU()
