import operator
from functools import reduce
from typing import NamedTuple

import equinox as eqx
import jax.numpy as jnp
from jaxtyping import Array


class SF(NamedTuple):
    multiplicative: Array
    additive: Array


class Parameter(eqx.Module):
    value: Array = eqx.field(converter=jnp.atleast_1d, default=0.0)

    def lnN(self, up, down):
        return Modifier(parameter=self, up=jnp.atleast_1d(up), down=jnp.atleast_1d(down))


class Modifier(eqx.Module):
    parameter: Parameter
    up: Array
    down: Array

    def scale_factor(self, hist: Array) -> SF:
        x = self.parameter.value
        factor = jnp.where(x >= 0, self.up ** x, self.down ** (-x))
        return SF(multiplicative=jnp.broadcast_to(factor, hist.shape), additive=jnp.zeros_like(hist))


class compose(eqx.Module):
    modifiers: list

    def __init__(self, *modifiers):
        self.modifiers = list(modifiers)

    def __len__(self):
        return len(self.modifiers)

    def scale_factor(self, hist: Array) -> SF:
        # collect all multiplicative and additive shifts
        sfs = {operator.add: [], operator.mul: []}
        for m in range(len(self)):  # expect: JAX407
            mod = self.modifiers[m]
            _sf = mod.scale_factor(hist)
            sfs[operator.mul].append(_sf.multiplicative)
            sfs[operator.add].append(_sf.additive)

        multiplicative_sf = reduce(operator.mul, sfs[operator.mul], jnp.ones_like(hist))
        additive_sf = reduce(operator.add, sfs[operator.add], jnp.zeros_like(hist))
        return SF(multiplicative=multiplicative_sf, additive=additive_sf)

    def __call__(self, hist: Array) -> Array:
        sf = self.scale_factor(hist)
        return sf.multiplicative * (hist + sf.additive)
