"""A parameter the key heuristic does not take for a key (`seed`), which the code splits as one:
synthesis gives it an array, JAX rejects it as key data, and the experiment runs again with a
key there (the real CLI, real jax on CPU)."""

from __future__ import annotations

import pathlib

from .cli import validate_json, write_tree


def test_a_parameter_jax_rejects_as_key_data_is_given_a_key(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, {
        "rot.py": """\
            import jax.random as jr


            def noisy_pair(seed, scale):
                key1, key2 = jr.split(seed)
                a = jr.normal(key1, (3,)) * scale
                b = jr.normal(key1, (3,)) * scale
                return a + b
            """,
    })
    (finding,) = validate_json(tmp_path, "--no-tests", "rot.py")
    validation = finding["validation"]
    assert finding["code"] == "JAX501" and validation["status"] == "confirmed", validation
    assert "`seed` taken for a key" in validation["evidence"]
