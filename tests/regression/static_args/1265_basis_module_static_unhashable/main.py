"""An equinox Module that holds JAX arrays is passed at a static position of a
jitted integral routine.

Source: https://github.com/hatemhelal/mess/pull/51
"wip: rationalise static_argnum usage" (commit 3130fa7): in MESS,
``integrate_dense``/``integrate_sparse`` were decorated with
``@partial(jit, static_argnums=(0, 1))`` so the ``Basis`` module (primitives,
coefficients as arrays) was static; this only worked because ``Basis`` and
``Primitive`` carried hand-written ``__hash__`` methods (``hash(self.primitives)``
and a hash over ``v.tobytes()``).  The PR deletes those hashes and changes the
decorator to ``static_argnums=1`` so the basis is traced.  Here the basis
module has no custom hash while still sitting at static position 0, i.e. the
PR's hash removal without its decorator change.

Observed on jax 0.10.2: raises ValueError
"""
from basis import basisset
from integrals import overlap_basis


def run():
    h2 = basisset([[0.0, 0.0, 0.0], [0.0, 0.0, 1.4]])
    return overlap_basis(h2)
