"""A wavefront's `normalize` divides without a Python check (the fix).

Source: https://github.com/benjaminpope/morphine/commit/a6acf3cf18a630465b351d8ca678de0c2b54adc0
Look-alike of morphine's `normalize` after commit a6acf3c ("jit support"): the
zero/NaN checks and their warnings are gone from the traced path and the
wavefront is divided by `sqrt(total_intensity)`; the zero case is guarded
with `np.where` instead of a Python branch.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as np


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
        self.wavefront /= np.where(sqrt_ti == 0, 1.0, sqrt_ti)

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
