"""The PR's layout: only the primitive operation is static, the basis module
(arrays plus static int/str fields) is traced, so a bond-length scan reuses
one compilation.

Source: https://github.com/hatemhelal/mess/pull/51
Commit 3130fa7 changes ``@partial(jit, static_argnums=(0, 1))`` to
``@partial(jit, static_argnums=1)`` on ``integrate_dense``, deletes the
``__hash__`` methods of ``Basis``/``Primitive`` and adds static metadata
fields such as ``num_orbitals: int = eqx.field(static=True)``.

Observed on jax 0.10.2: integrate_dense compiled 1 times
"""
from basis import basisset
from integrals import overlap_basis


def bond_scan(lengths):
    return [overlap_basis(basisset([[0.0, 0.0, 0.0], [0.0, 0.0, r]])) for r in lengths]


def run():
    return bond_scan([1.3, 1.4, 1.5])
