"""Trax ``Conv.new_weights`` draws kernel and bias from the same, unsplit rng.

Source: https://github.com/google/trax/commit/0ebc33aa8858eda11170fe69983ded65f59563d1
("Correct an unsplit ``rng`` in convolution layer.")

``Conv.new_weights(input_signature, rng)`` called
``w = self._kernel_initializer(kernel_shape, rng)`` and
``b = self._bias_initializer(bias_shape, rng)`` with the same key. Both default
initializers are scaled ``random.normal`` draws (Glorot-normal kernel, 1e-6
normal bias), so on current jax the bias is an exact rescaled copy of the first
``filters`` kernel entries. The fix split ``rng`` into two keys.

Observed on jax 0.10.2: 16 of 16 calls
"""
import itertools

import jax.numpy as jnp
import numpy as np
from jax import random


def RandomNormalInitializer(stddev=1e-2):
    return lambda shape, rng: (stddev * random.normal(rng, shape)).astype("float32")


def GlorotNormalInitializer(out_dim=-1, in_dim=-2, scale=1.0):
    def init(shape, rng):
        fan_in, fan_out = shape[in_dim], shape[out_dim]
        size = np.prod(np.delete(shape, [in_dim, out_dim]))
        std = np.sqrt(scale / ((fan_in + fan_out) * size / 2.0))
        return (std * random.normal(rng, shape)).astype("float32")
    return init


class Conv:
    def __init__(self, filters, kernel_size, rhs_spec="HWIO", out_spec="NHWC",
                 kernel_initializer=None, bias_initializer=RandomNormalInitializer(1e-6)):
        self._filters = filters
        self._kernel_size = kernel_size
        self._rhs_spec = rhs_spec
        self._out_spec = out_spec
        self._bias_initializer = bias_initializer
        self._kernel_initializer = kernel_initializer or GlorotNormalInitializer(
            rhs_spec.index("O"), rhs_spec.index("I"))

    def _kernel_shape(self, input_shape):
        kernel_size_iter = iter(self._kernel_size)
        return [self._filters if c == "O" else input_shape[3] if c == "I" else next(kernel_size_iter)
                for c in self._rhs_spec]

    def new_weights(self, input_shape, rng):
        kernel_shape = self._kernel_shape(input_shape)
        bias_shape = [self._filters if c == "C" else 1 for c in self._out_spec]
        bias_shape = tuple(itertools.dropwhile(lambda x: x == 1, bias_shape))
        w = self._kernel_initializer(kernel_shape, rng)
        b = self._bias_initializer(bias_shape, rng)  # expect: JAX501
        return w, b


def run():
    layer = Conv(filters=16, kernel_size=(3, 3))
    w, b = layer.new_weights((8, 32, 32, 3), random.PRNGKey(0))
    kernel_std = float(np.sqrt(1.0 / ((3 + 16) * 9 / 2.0)))
    prefix = np.asarray(w).ravel()[:16] / kernel_std
    return int(np.sum(np.isclose(np.asarray(b) / 1e-6, prefix, rtol=1e-4, atol=1e-5)))
