"""Optical propagation logs every phasor multiplication from inside `jit`.

Source: https://github.com/benjaminpope/morphine/commit/a6acf3cf18a630465b351d8ca678de0c2b54adc0
morphine (a JAX port of poppy, see the reporter's jax issue #4714 about
jitting `psf_from_phasescreen`) logged from its wavefront methods:
`BaseWavefront.__imul__` did `msg = "  Multiplied WF by phasor for " +
str(optic); _log.debug(msg)` after `self.wavefront *= phasor`.  Under `jit`
the log line runs once, while tracing, and never again for the compiled
calls; commit a6acf3c ("jit support") commented these logging calls out of
the traced path.

Layout: `optics.py`, `morphine_core.py` (the wavefront with the logging
`__imul__`), `main.py` (a jitted PSF function called for four phase screens).
`run()` counts how many of the four calls produced a debug record.

Observed on jax 0.10.2: 1 of 4 calls
"""
import logging

import jax
import jax.numpy as np

from .morphine_core import Wavefront, _log
from .optics import ArrayOpticalElement, circular_pupil

NPIX = 32
WAVELENGTH = 2.145e-6
PUPIL = circular_pupil(NPIX)


@jax.jit
def psf_from_phasescreen(phasescreen):
    wf = Wavefront(WAVELENGTH, NPIX)
    wf *= ArrayOpticalElement("pupil", transmission=PUPIL, opd=np.zeros((NPIX, NPIX)))
    wf *= ArrayOpticalElement("phase screen", transmission=np.ones((NPIX, NPIX)), opd=phasescreen)
    wf.normalize()
    wf.propagate_to_detector()
    return wf.intensity


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)


def run():
    handler = _Collect()
    _log.addHandler(handler)
    _log.setLevel(logging.DEBUG)
    try:
        calls_with_log = 0
        for i in range(4):
            before = len(handler.records)
            psf_from_phasescreen(np.full((NPIX, NPIX), 1e-8 * i))
            calls_with_log += int(len(handler.records) > before)
        return calls_with_log
    finally:
        _log.removeHandler(handler)
