"""What jit does with an array in a pytree's static part (jax 0.10.2, CPU): one instance, then
an equal-but-new one, through one jitted function; and the treedefs' hash and equality.

    JAX_PLATFORMS=cpu python bench/static_field_array_probe.py
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class Meta:
    a: jax.Array


jax.tree_util.register_dataclass(Meta, data_fields=[], meta_fields=["a"])


def attempt(label, action):
    try:
        action()
        print(f"{label}: ran")
    except Exception as error:  # noqa: BLE001
        print(f"{label}: {type(error).__name__}: {str(error).splitlines()[0][:150]}")


def through_jit(make):
    f = jax.jit(lambda tree: 0)
    attempt("  first instance", lambda: f(make()))
    attempt("  same instance again", lambda: f(first))
    attempt("  a second instance", lambda: f(make()))


for name, make in [("register_dataclass meta array", lambda: Meta(jnp.arange(4.0).reshape(2, 2)))]:
    print(name)
    first = make()
    through_jit(make)
    attempt("  hash(treedef)", lambda: hash(jax.tree_util.tree_structure(make())))
    attempt("  treedef == treedef", lambda: jax.tree_util.tree_structure(make()) == jax.tree_util.tree_structure(make()))

try:
    import equinox as eqx

    class Data(eqx.Module):
        data: jax.Array = eqx.field(static=True)

    print("equinox static field array")
    first = Data(jnp.ones((2, 2)))
    through_jit(lambda: Data(jnp.ones((2, 2))))
    attempt("  hash(treedef)", lambda: hash(jax.tree_util.tree_structure(Data(jnp.ones(2)))))
except ImportError:
    print("equinox not installed")
