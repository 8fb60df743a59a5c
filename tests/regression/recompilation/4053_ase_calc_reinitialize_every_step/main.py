"""apax (then gmnn_jax) wraps its ML potential in an ASE calculator whose
initialize() builds the energy function and a fresh @jax.jit body_fn closure.
calculate() was meant to re-initialize only when the atomic numbers or the
cell change, but the condition tested `"cell" in all_changes` (always true)
instead of `system_changes`, so every MD step rebuilt and re-jitted body_fn
and paid a full compilation. Fixed upstream by testing system_changes.

Source: https://github.com/apax-hub/apax/blob/990b1f3b095cb4f20251ee9b3673f3b1f37cb19e/gmnn_jax/md/ase_calc.py#L84
Observed on jax 0.10.x: body_fn compiled 4 times
"""
import types

import jax.numpy as jnp
import numpy as np

from ase_calc import ASECalculator


def run():
    rng = np.random.default_rng(0)
    atoms = types.SimpleNamespace(positions=rng.uniform(0, 5, (6, 3)).astype(np.float32),
                                  numbers=np.ones(6, dtype=int), cell=np.full(3, 5.0, np.float32))
    calc = ASECalculator({"eps": jnp.float32(0.1)})
    for md_step in range(4):
        calc.calculate(atoms, system_changes=["positions"])
        atoms.positions = atoms.positions + 0.01 * calc.results["forces"].astype(np.float32)
