"""What jit does with arrays and unhashable values that reach a static position *through*
something: a field of a config object, a pytree's aux data, an equinox module, a dataclass
nested in a static field. Run with the jax the linter models (0.10.2):

    JAX_PLATFORMS=cpu python bench/measure_static_values.py

Recorded on jax 0.10.2, equinox 0.13.8, Python 3.11 (one line per experiment):

    aux_array_first_call: runs
    aux_array_second_instance: ValueError
    aux_array_same_instance_twice: runs
    meta_field_frozen_dataclass_of_arrays_first_call: runs
    meta_field_frozen_dataclass_of_arrays_second_instance: ValueError
    eqx_module_with_array_fields_static_argnums: ValueError
    eqx_module_as_scan_body: TypeError
    eqx_module_self_static_list_fields: ValueError
    eqx_module_static_field_array_first_call: runs
    eqx_module_static_field_array_second_instance: ValueError
    non_frozen_dataclass_static: ValueError
    namespace_static: ValueError
    eqx_partition_static_half_dict_field: ValueError
"""

from __future__ import annotations

import argparse
import dataclasses
import warnings
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


def outcome(thunk) -> str:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            jax.block_until_ready(thunk())
    except Exception as error:  # noqa: BLE001 - the class is the measurement
        return type(error).__name__
    return "runs"


@jax.tree_util.register_pytree_node_class
class Aux:
    def __init__(self, values, knots):
        self.values, self.knots = values, knots

    def tree_flatten(self):
        return (self.values,), (self.knots,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux[0])


@dataclasses.dataclass(frozen=True)
class Points:
    body: np.ndarray


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Model:
    masses: jax.Array
    gc: Points = dataclasses.field(metadata=dict(static=True))


class Linear(eqx.Module):
    w: jax.Array

    def __call__(self, carry, x):
        return carry + self.w * x, carry


class Holder(eqx.Module):
    layers: list

    @partial(jax.jit, static_argnums=0)
    def total(self, x):
        return x + len(self.layers)


class StaticArray(eqx.Module):
    w: jax.Array
    table: np.ndarray = eqx.field(static=True)


@dataclasses.dataclass
class Config:
    depth: int = 2


class Nested(eqx.Module):
    nested: dict

    def __call__(self):
        return 1.0


def main() -> None:
    f = jax.jit(lambda tree: tree.values.sum() if isinstance(tree, Aux) else tree.masses.sum())
    first = Aux(jnp.ones(3), np.arange(3.0))
    results = {
        "aux_array_first_call": outcome(lambda: f(first)),
        "aux_array_second_instance": outcome(lambda: f(Aux(jnp.ones(3), np.arange(3.0)))),
        "aux_array_same_instance_twice": outcome(lambda: (f(first), f(first))[1]),
    }
    g = jax.jit(lambda m: m.masses.sum())
    results["meta_field_frozen_dataclass_of_arrays_first_call"] = outcome(lambda: g(Model(jnp.ones(2), Points(np.arange(2)))))
    results["meta_field_frozen_dataclass_of_arrays_second_instance"] = outcome(lambda: g(Model(jnp.ones(2), Points(np.arange(2)))))
    static0 = jax.jit(lambda m, x: m.w * x, static_argnums=0)
    results["eqx_module_with_array_fields_static_argnums"] = outcome(lambda: static0(Linear(jnp.ones(2)), 1.0))
    results["eqx_module_as_scan_body"] = outcome(lambda: jax.lax.scan(Linear(jnp.ones(2)), jnp.zeros(2), jnp.ones((3, 2))))
    results["eqx_module_self_static_list_fields"] = outcome(lambda: Holder([1, 2]).total(1.0))
    h = jax.jit(lambda m: m.w.sum())
    results["eqx_module_static_field_array_first_call"] = outcome(lambda: h(StaticArray(jnp.ones(2), np.arange(2))))
    results["eqx_module_static_field_array_second_instance"] = outcome(lambda: h(StaticArray(jnp.ones(2), np.arange(2))))
    by_config = jax.jit(lambda x, c: x * c.depth, static_argnums=1)
    results["non_frozen_dataclass_static"] = outcome(lambda: by_config(1.0, Config()))
    results["namespace_static"] = outcome(lambda: by_config(1.0, argparse.Namespace(depth=2)))
    arr, static = eqx.partition(Nested({0: 0.0}), eqx.is_array)
    merge = jax.jit(lambda p, s: eqx.combine(p, s)(), static_argnames="s")
    results["eqx_partition_static_half_dict_field"] = outcome(lambda: merge(arr, s=static))
    for name, result in results.items():
        print(f"{name}: {result}")


if __name__ == "__main__":
    main()
