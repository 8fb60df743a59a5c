"""A wavefront's `normalize` checks the traced total intensity with `if`.

Source: https://github.com/benjaminpope/morphine/commit/a6acf3cf18a630465b351d8ca678de0c2b54adc0
morphine's `BaseWavefront.normalize` (inherited from poppy) read
`sqrt_ti = np.sqrt(self.total_intensity); if sqrt_ti == 0: _log.warning(...)
elif not np.isfinite(sqrt_ti): _log.warning(...) else: self.wavefront /=
sqrt_ti`.  When the reporter jitted `psf_from_phasescreen` (jax issue #4714),
the intensity is traced and the Python `if` needs a concrete bool; commit
a6acf3c ("jit support") commented the checks and warnings out and divides
unconditionally.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import logging

import jax
import jax.numpy as np

_log = logging.getLogger("morphine")


class Wavefront:
    def __init__(self, wavelength=2.145e-6, npix=32):
        self.wavelength = wavelength
        self.wavefront = np.ones((npix, npix), dtype=np.complex64)

    @property
    def total_intensity(self):
        return (np.abs(self.wavefront) ** 2).sum()

    def normalize(self):
        """Set this wavefront's total intensity to 1."""
        sqrt_ti = np.sqrt(self.total_intensity)
        if sqrt_ti == 0:  # expect: JAX201
            _log.warning("Total intensity is zero when trying to normalize the wavefront. Cannot normalize.")  # expect: JAX102
        elif not np.isfinite(sqrt_ti):  # expect: JAX201
            _log.warning("Total intensity is NaN or Inf when trying to normalize the wavefront. Cannot normalize.")  # expect: JAX102
        else:
            self.wavefront /= sqrt_ti

    def apply_pupil(self, transmission, opd):
        self.wavefront = self.wavefront * transmission * np.exp(2j * np.pi / self.wavelength * opd)


@jax.jit
def psf_from_phasescreen(transmission, phasescreen):
    wf = Wavefront()
    wf.apply_pupil(transmission, phasescreen)
    wf.normalize()
    return np.abs(np.fft.fftshift(np.fft.fft2(wf.wavefront))) ** 2


def run():
    pupil = np.ones((32, 32))
    return psf_from_phasescreen(pupil, np.zeros((32, 32)))
