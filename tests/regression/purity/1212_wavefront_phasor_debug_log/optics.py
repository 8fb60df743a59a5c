import jax.numpy as np


class ArrayOpticalElement:
    def __init__(self, name="unnamed optic", transmission=None, opd=None):
        self.name = name
        self.transmission = transmission
        self.opd = opd

    def get_phasor(self, wave):
        return self.transmission * np.exp(1.0j * 2 * np.pi / wave.wavelength * self.opd)

    def __str__(self):
        return f"Optic: {self.name}"


def circular_pupil(npix, radius_frac=0.45):
    y, x = np.mgrid[:npix, :npix]
    r = np.hypot(x - npix / 2 + 0.5, y - npix / 2 + 0.5) / npix
    return (r < radius_frac).astype(np.float32)
