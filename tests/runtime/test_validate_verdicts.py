"""Verdicts `jaxcheck validate` gives on the smallest inputs that used to get none, or a wrong
one: a timeout says so and where the code was (the real CLI, real jax on CPU)."""

from __future__ import annotations

import pathlib

from .cli import validate_json, write_tree


def test_a_timeout_says_it_timed_out_and_where_the_code_was(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, {"slow.py": """\
        import jax


        @jax.jit
        def spin(x: jax.Array):
            print(x)
            while True:
                pass
        """})
    (finding,) = validate_json(tmp_path, "--timeout", "2", "slow.py")
    evidence = finding["validation"]["evidence"]
    assert finding["validation"]["status"] == "inconclusive"
    assert evidence.startswith(
        "timed out: the experiment ran past its 2 s limit (--timeout) while running `spin` with synthesized "
        "arguments (float32[3]) at slow.py:"
    ), evidence
    assert "(`spin`)" in evidence and "hang" not in evidence, evidence
