"""OptimizedLSTMCell splits the fused gate output at ``jnp.cumsum(jnp.array(...))`` indices.

Source: https://github.com/google/flax/commit/331bdc2c444e6dfdcce391e43b2d686e1bfdf8fd
("Fix ConcretizationTypeError in jnp.split.")

Flax's ``OptimizedLSTMCell`` concatenates the i/f/g/o kernels, does one matmul
and splits the result back with
``split_indices = jnp.cumsum(jnp.array([b.shape[0] for b in biases[:-1]]))``.
The indices only depend on static shapes, but building them with jax.numpy
inside the jitted/scanned cell makes them tracers, and ``jnp.split`` needs
concrete indices. The fix computed them with ``np.cumsum``.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class DenseParams(NamedTuple):
    kernel: jnp.ndarray
    bias: jnp.ndarray


def _concat_dense(inputs, params, use_bias=True):
    """Concatenates per-gate kernels/biases, applies one dot, splits per gate."""
    kernels, biases = zip(*params.values())
    kernel = jnp.asarray(jnp.concatenate(kernels, axis=-1), jnp.float32)
    y = jnp.dot(inputs, kernel)
    if use_bias:
        y = y + jnp.asarray(jnp.concatenate(biases, axis=-1), jnp.float32)
    split_indices = jnp.cumsum(jnp.array([b.shape[0] for b in biases[:-1]]))
    ys = jnp.split(y, split_indices, axis=-1)  # expect: JAX204
    return dict(zip(params.keys(), ys))


def optimized_lstm_cell(carry, inputs, params_i, params_h):
    c, h = carry
    dense_i = _concat_dense(inputs, params_i, use_bias=False)
    dense_h = _concat_dense(h, params_h)
    i = jax.nn.sigmoid(dense_i["i"] + dense_h["i"])
    f = jax.nn.sigmoid(dense_i["f"] + dense_h["f"])
    g = jnp.tanh(dense_i["g"] + dense_h["g"])
    o = jax.nn.sigmoid(dense_i["o"] + dense_h["o"])
    new_c = f * c + i * g
    new_h = o * jnp.tanh(new_c)
    return (new_c, new_h), new_h


@jax.jit
def encode(params_i, params_h, xs):
    batch, hidden = xs.shape[1], params_h["i"].kernel.shape[0]
    carry = (jnp.zeros((batch, hidden)), jnp.zeros((batch, hidden)))
    body = lambda carry, x: optimized_lstm_cell(carry, x, params_i, params_h)
    return jax.lax.scan(body, carry, xs)[1]


def run():
    feats, hidden = 3, 5
    keys = jax.random.split(jax.random.key(0), 8)
    params_i = {g: DenseParams(0.1 * jax.random.normal(k, (feats, hidden)), jnp.zeros(hidden))
                for g, k in zip("ifgo", keys[:4])}
    params_h = {g: DenseParams(0.1 * jax.random.normal(k, (hidden, hidden)), jnp.zeros(hidden))
                for g, k in zip("ifgo", keys[4:])}
    xs = jnp.ones((7, 2, feats))
    return encode(params_i, params_h, xs)
