"""Bound method of an equinox Module passed as a static argument (clean on current equinox).

Source: https://github.com/patrick-kidger/equinox/issues/291
The reporter passed `model.f` as a static argument of a jitted `apply` and saw a
recompilation each time the bound method was re-accessed (each access built a
new wrapper with a different hash). Equinox now gives bound methods of equal
modules equal hashes, so the same code compiles once.

Observed on jax 0.10.2: apply compiled 1 times
"""
from functools import partial

import equinox as eqx
import jax


class Model(eqx.Module):
    def f(self):
        return 1.0


@partial(jax.jit, static_argnums=0)
def apply(f):
    return f()


def run():
    model = Model()
    out = 0.0
    for _ in range(3):
        out += apply(model.f)
    return out
