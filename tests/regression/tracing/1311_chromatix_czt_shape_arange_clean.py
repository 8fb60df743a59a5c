"""chromatix's chirp-z transform first failed under jit because `arange` got a dynamic length,
so the author added a static `n` argument; after more checks the extra static argument turned
out unnecessary: the length comes from the input's `.shape`, which is static under jit, so
`jnp.arange(x.shape[-1])` is fine.

Source: https://github.com/chromatix-team/chromatix/pull/150
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


def czt(x, m=None, w=None, a=1.0 + 0j):
    n = x.shape[-1]
    if m is None:
        m = n
    if w is None:
        w = jnp.exp(-2j * jnp.pi / m)
    k = jnp.arange(max(m, n))
    wk2 = w ** (k ** 2 / 2)
    an = a ** -jnp.arange(n)
    xw = x * an * wk2[:n]
    out = jnp.fft.ifft(jnp.fft.fft(xw, 2 * n) * jnp.fft.fft(1 / wk2[: 2 * n], 2 * n))
    return out[..., :m] * wk2[:m]


def run():
    f = jax.jit(czt)
    for size in (8, 8, 8):
        f(jnp.ones(size, dtype=jnp.complex64))
