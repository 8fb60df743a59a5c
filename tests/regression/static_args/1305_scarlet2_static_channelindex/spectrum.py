import equinox as eqx
import jax.numpy as jnp


class Frame(eqx.Module):
    channels: list = eqx.field(static=True)


class Spectrum(eqx.Module):
    pass


class StaticArraySpectrum(Spectrum):
    """Static (non-variable) source in a transient scene: channels are (band, epoch)."""

    data: jnp.array
    bands: list
    _channelindex: jnp.array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, frame, data, bands, band_selector=lambda channel: channel[0]):
        self.data = data
        self.bands = bands
        self._channelindex = jnp.array([self.bands.index(band_selector(c)) for c in frame.channels])

    def __call__(self):
        return self.data[self._channelindex]
