"""A waveguide-QED library (two-level-emitter scattering matrices) builds the linear part of the
two-photon S-matrix by selecting index triples with boolean masks:
`jnp.transpose(idx_array)[idx_array[0] == idx_array[2]]`. The author left the comment "Can't jit
this because of the bools"; the user here wraps the S-matrix builder in jax.jit to speed up an
optimisation loop over detuning Omega, and tracing fails because the mask built from traced
index arrays has no concrete number of True entries.

Source: https://github.com/JasvithBasani/CasOptAx/blob/269ff731b5cf5e32a9a18b2ec477cdb22160b135/scatterer.py#L167
Observed on jax 0.10.x: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp

from scatterer import TLE


def run():
    tle = TLE()
    k = tle.k

    @jax.jit
    def s_matrix(Omega):
        return tle.S_mat_tt(k, k, k, k, Omega=Omega)

    S = s_matrix(0.3)
    return float(jnp.abs(S).sum())
