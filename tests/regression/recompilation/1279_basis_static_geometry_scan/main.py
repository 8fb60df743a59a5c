"""A basis-set module that holds coordinates as arrays is a static argument
of the integral routine (made hashable by hashing array bytes), so a bond
length scan compiles the integrals once per geometry, with the coordinates
baked in as constants.

Source: https://github.com/hatemhelal/mess/pull/51
"wip: rationalise static_argnum usage" (commit 3130fa7) in MESS: before the
change ``integrate_dense``/``integrate_sparse`` used
``@partial(jit, static_argnums=(0, 1))`` with the ``Basis`` module static,
``Basis.__hash__`` returning ``hash(self.primitives)`` and
``Primitive.__hash__`` hashing ``v.tobytes()`` of every field.  The PR removes
both hashes and switches to ``static_argnums=1`` so only the primitive
operation is static and the basis is traced.  The pre-PR layout is kept here
(primitive.py, basis.py, integrals.py) and driven over three H2 bond lengths.

Observed on jax 0.10.2: integrate_dense compiled 3 times
"""
from basis import basisset
from integrals import overlap_basis


def bond_scan(lengths):
    return [overlap_basis(basisset([[0.0, 0.0, 0.0], [0.0, 0.0, r]])) for r in lengths]


def run():
    return bond_scan([1.3, 1.4, 1.5])
