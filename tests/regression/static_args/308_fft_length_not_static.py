"""A transform length that is only static when passed by keyword.

Source: https://github.com/jax-ml/jax/issues/523
`jit_foo = jax.jit(foo)` with `foo(x, foo_power=10)`: the author assumed the
keyword was a compile-time constant (it was at the time, only when passed as a
keyword) while it fed an FFT size. The parameter was never listed as static,
so the positional call fails under tracing.

Observed on jax 0.10.2: raises TracerIntegerConversionError
"""
import jax
import jax.numpy as jnp


def band_power(signal, n_fft=64):
    spec = jnp.fft.rfft(signal, n=n_fft)  # expect: JAX306,JAX204
    return jnp.abs(spec) ** 2 / n_fft


band_power_jit = jax.jit(band_power)


def run():
    sig = jnp.sin(jnp.linspace(0.0, 20.0, 50))
    return band_power_jit(sig, 32)
