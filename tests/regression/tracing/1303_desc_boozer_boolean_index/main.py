"""Adding `QuasisymmetryBoozer(helicity=(1, eq.NFP))` to the QS optimisation tutorial and
calling `eq.optimize(...)` threw `NonConcreteBooleanIndexError`: inside the jitted objective the
symmetry-breaking harmonics were selected by indexing `B_mn` with a boolean mask built from the
(traced) Boozer mode numbers, which gives a value-dependent shape.

Source: https://github.com/PlasmaControl/DESC/issues/625
Observed on jax 0.10.x: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp
import numpy as np

from objectives import QuasisymmetryBoozer


def run():
    obj = QuasisymmetryBoozer(helicity=(1, 2), NFP=2)
    m, n = np.meshgrid(np.arange(4), np.arange(-2, 3), indexing="ij")
    boozer_modes = jnp.asarray(np.stack([m.ravel(), n.ravel()], axis=1))
    B_mn = jnp.linspace(1.0, 0.1, boozer_modes.shape[0])
    compute = jax.jit(obj.compute)
    compute(B_mn, boozer_modes)
