"""Filtered-jit pattern done by hand: ``eqx.partition`` splits a module and the
non-array half is passed through ``static_argnames``; the module has a
``dict`` field.

Source: https://github.com/patrick-kidger/equinox/issues/1089
"Non-hashable static arguments are not supported": ``Problematic(eqx.Module)``
with ``nested: dict``; ``jax.jit(merge, static_argnames="static")(arr,
static)`` fails because the static half (holding the dict) cannot be hashed.

Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax


class Problematic(eqx.Module):
    nested: dict

    def __init__(self, nested):
        self.nested = nested

    def __call__(self):
        return 1.0


def merge(parameters, static):
    return eqx.combine(parameters, static)()


def filtered_call():
    model = Problematic({0: 0.0})
    model()
    arr, static = eqx.partition(model, eqx.is_array)
    return jax.jit(merge, static_argnames="static")(arr, static)  # expect: JAX302


def run():
    return filtered_call()
