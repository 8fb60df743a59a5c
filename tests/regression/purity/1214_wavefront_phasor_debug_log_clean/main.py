"""Optical propagation without logging in the traced path (the fix).

Source: https://github.com/benjaminpope/morphine/commit/a6acf3cf18a630465b351d8ca678de0c2b54adc0
Look-alike of morphine after commit a6acf3c ("jit support"): the debug logging
was commented out of `BaseWavefront.__imul__`; here the summary is logged by
the host-side driver once per call, outside the jitted PSF function, so every
call logs.

Observed on jax 0.10.2: 4 of 4 calls
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
            Wavefront(WAVELENGTH, NPIX).describe(["pupil", "phase screen"])
            calls_with_log += int(len(handler.records) > before)
        return calls_with_log
    finally:
        _log.removeHandler(handler)
