import logging

import jax.numpy as np

_log = logging.getLogger("morphine")


class Wavefront:
    def __init__(self, wavelength=2.145e-6, npix=32):
        self.wavelength = wavelength
        self.wavefront = np.ones((npix, npix), dtype=np.complex64)
        self.location = "entrance"

    @property
    def intensity(self):
        return np.abs(self.wavefront) ** 2

    @property
    def total_intensity(self):
        return self.intensity.sum()

    def normalize(self):
        """Set this wavefront's total intensity to 1."""
        self.wavefront /= np.sqrt(self.total_intensity)

    def __imul__(self, optic):
        """Multiply a Wavefront by an OpticalElement."""
        phasor = optic.get_phasor(self)
        self.wavefront *= phasor
        # msg = "  Multiplied WF by phasor for " + str(optic)
        # _log.debug(msg)
        self.location = "after " + optic.name
        return self

    def describe(self, optics):
        """Host-side summary, called outside the jitted propagation."""
        for optic in optics:
            _log.debug("  Multiplied WF by phasor for " + str(optic))

    def propagate_to_detector(self):
        self.wavefront = np.fft.fftshift(np.fft.fft2(np.fft.fftshift(self.wavefront)))
        self.location = "detector"
