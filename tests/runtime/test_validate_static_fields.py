"""`jaxcheck validate` on a pytree's static field (JAX301 on a class field): jit keeps the static
part of a pytree in the key of what it compiled and compares it with the next call's, so two
instances, made as the project makes them, go through one jitted function; an array there makes
the comparison raise (measured on jax 0.10.2: bench/static_field_array_probe.py). Real CLI,
real jax on CPU."""

from __future__ import annotations

import pathlib

from .cli import validate_json, write_tree

FILES = {
    # regression case 906 (jax issue 24204): an array in `register_dataclass`'s meta fields
    "meta.py": """\
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp


        @dataclass
        class Scales:
            weights: jax.Array


        jax.tree_util.register_dataclass(Scales, data_fields=[], meta_fields=["weights"])


        @jax.jit
        def apply(scales, x):
            return x


        def run():
            return [apply(Scales(jnp.ones((2, 2))), jnp.ones(2)) for _ in range(2)]
        """,
    # a list in a static field hashes by nothing jit can use, but two equal lists compare
    # equal: the comparison does not raise, so the run shows neither the hazard nor its absence
    "sizes.py": """\
        from dataclasses import dataclass, field

        import jax
        import jax.numpy as jnp


        @dataclass
        class Layers:
            sizes: list = field(metadata=dict(static=True))
            w: jax.Array = None


        jax.tree_util.register_dataclass(Layers, data_fields=["w"], meta_fields=["sizes"])


        @jax.jit
        def forward(layers, x):
            return x * layers.w


        def run():
            return forward(Layers([2, 3], jnp.ones(2)), jnp.ones(2))
        """,
}


def test_an_array_in_a_static_field_is_confirmed_by_two_instances_through_jit(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, FILES)
    findings = {(f["path"], f["code"]): f for f in validate_json(tmp_path, "--show-info", "--no-tests", *FILES)}
    meta = findings[("meta.py", "JAX301")]
    assert meta["line"] == 9, meta
    assert meta["validation"]["status"] == "confirmed", meta
    assert "two `Scales` instances (its field `weights` holding an ArrayImpl) passed to one jitted function" in meta["validation"]["evidence"]
    assert "checking equality of metadata fields" in meta["validation"]["evidence"]
    listed = findings[("sizes.py", "JAX301")]["validation"]
    assert listed["status"] == "inconclusive", listed
    assert "two `Layers` instances (its field `sizes` holding a list) passed to one jitted function ran" in listed["evidence"], listed
