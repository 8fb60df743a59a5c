"""In a waveguide-QED scattering library, `TLE.psi_out_tt` is a jitted method (self and the
`domain_check` flag static) that contracts the two-photon S-matrix with the input wavefunction and,
when domain_check is True, prints the wavefunction's normalisation constant as a sanity check.
The docstring itself admits "This does not work if function is jitted": the print runs only while
tracing, shows a tracer instead of the number, and repeated calls with new wavefunctions print
nothing.

Source: https://github.com/JasvithBasani/CasOptAx/blob/d5a315565d593f4fed5afc245d1479e0bbdc0a07/scatterer.py#L242
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

from scatterer import TLE


def run():
    tle = TLE()
    n = tle.k.shape[0]
    S = jnp.eye(n * n, dtype=jnp.complex64).reshape(n, n, n, n) / tle.dk**2
    printed = 0
    for seed in range(3):
        psi_in = jax.random.normal(jax.random.PRNGKey(seed), (n, n)).astype(jnp.complex64)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            tle.psi_out_tt(psi_in, S, True)
        printed += "Normalization constant" in buf.getvalue()
    return printed
