"""vbjax's new noise module (PR #55) offered `noise_psd(shape, key, sigma=1, psd=lambda f: 1)`
to colour white noise with an arbitrary power spectral density, plus helpers such as
`spectral_exponent` built on it. Users jit it with the shape static and pass their PSD as
a lambda, e.g. `psd=lambda f: 1 / f**1.1`. A Python function is not a valid JAX argument
at a traced position, so the jitted call fails; the reviewer asked for a factory that
closes over `psd` (`make_noise_psd(psd=...)`) instead of passing it in.

Source: https://github.com/ins-amu/vbjax/pull/55
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as np


def noise_psd(shape, key, sigma=1.0, psd=lambda f: 1.0):
    X_white = np.fft.rfft(jax.random.normal(key, shape) * sigma)
    f = np.fft.rfftfreq(shape[-1])
    S = psd(np.where(f == 0, 1.0, f))
    S = S / np.sqrt(np.mean(S**2))
    X_shaped = X_white * S
    return np.fft.irfft(X_shaped, n=shape[-1])


noise_psd_jit = jax.jit(noise_psd, static_argnums=0)


def spectral_exponent(shape, key, sigma=1.0, exponent=1.0):
    return noise_psd_jit(shape, key, sigma, lambda f: 1 / np.where(f == 0, np.inf, f ** exponent))  # expect: JAX306


def run():
    key = jax.random.PRNGKey(0)
    return spectral_exponent((84, 1000), key, sigma=2.0, exponent=1.1)
