"""ExoJAX convolves spectra with a FIR filter by overlap-and-add. ``olaconv`` is
jitted with ``static_argnums=(2, 3, 4)``: ``ndiv``, ``div_length`` and
``filter_length`` are plain Python ints produced by the helper ``ola_lengths``
from the *shapes* of the input matrix and the filter, so they are hashable and
constant for a given spectral grid; repeated convolutions on the same grid
(e.g. every likelihood evaluation) reuse one compilation.

Source: https://github.com/HajimeKawahara/exojax/blob/ef541efd836ce50b559a6f617606dc923c273279/src/exojax/signal/ola.py#L133
Observed on jax 0.10.x: olaconv compiled 1 times
"""
from functools import partial

import jax.numpy as jnp
import numpy as np
from jax import jit
from jax.lax import dynamic_update_slice, scan


def ola_lengths(input_matrix, fir_filter):
    input_shape = jnp.shape(input_matrix)
    ndiv = input_shape[0]
    div_length = input_shape[1]
    filter_length = len(fir_filter)
    return ndiv, div_length, filter_length


def ola_output_length(ndiv, div_length, filter_length):
    return ndiv * div_length + filter_length - 1


def generate_zeropad(input_matrix, fir_filter):
    ndiv, div_length, filter_length = ola_lengths(input_matrix, fir_filter)
    fft_length = div_length + filter_length - 1
    input_matrix_zeropad = jnp.zeros((ndiv, fft_length)).at[:, 0:div_length].add(input_matrix)
    fir_filter_zeropad = jnp.zeros(fft_length).at[0:filter_length].add(fir_filter)
    return input_matrix_zeropad, fir_filter_zeropad


def overlap_and_add(ftarr, output_length, div_length):
    def fir_filter(y_and_idiv, ft):
        y, idiv = y_and_idiv
        y = y + dynamic_update_slice(jnp.zeros(output_length), ft, (idiv * div_length,))
        return (y, idiv + 1), None

    (fftval, _), _ = scan(fir_filter, (jnp.zeros(output_length), 0), ftarr)
    return fftval


@partial(jit, static_argnums=(2, 3, 4))
def olaconv(input_matrix_zeropad, fir_filter_zeropad, ndiv, div_length, filter_length):
    ftilde = jnp.fft.rfft(fir_filter_zeropad)
    xtilde = jnp.fft.rfft(input_matrix_zeropad, axis=1)
    ftarr = jnp.fft.irfft(xtilde * ftilde[jnp.newaxis, :], axis=1)
    output_length = ola_output_length(ndiv, div_length, filter_length)
    return overlap_and_add(ftarr, output_length, div_length)


def run():
    rng = np.random.default_rng(0)
    fir_filter = np.hanning(33)
    for _ in range(4):  # e.g. successive likelihood evaluations on one grid
        spectrum = rng.standard_normal(8 * 256)
        input_matrix = spectrum.reshape(8, 256)
        ndiv, div_length, filter_length = ola_lengths(input_matrix, fir_filter)
        xzp, fzp = generate_zeropad(input_matrix, fir_filter)
        olaconv(xzp, fzp, ndiv, div_length, filter_length)
