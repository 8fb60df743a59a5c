"""Defects found running `jaxcheck validate` on research code this round (real CLI, real jax on CPU)."""

from __future__ import annotations

import pathlib

from .cli import validate_json, write_tree

SQUARE = {
    # cr-nimble's `rq.factor_mgs`: a Gram-Schmidt over the rows that raises when there are more
    # rows than columns; arrays of 4 and 16 rows and three columns never traced it
    "rq.py": """\
        import jax
        import jax.numpy as jnp


        @jax.jit
        def factor_mgs(A):
            n, m = A.shape
            if n > m:
                raise Exception("Number of rows is larger than dimension")
            R = jnp.zeros([n, n])
            for k in range(0, n):
                R = R.at[k, k].set(jnp.linalg.norm(A[k]))
                A = A.at[k + 1:n].add(-A[k])
            return R
        """,
}


def test_a_loop_over_the_rows_of_a_function_that_wants_no_more_rows_than_columns_is_traced_on_square_arrays(
    tmp_path: pathlib.Path,
) -> None:
    write_tree(tmp_path, SQUARE)
    findings = [f for f in validate_json(tmp_path, "rq.py") if f["code"] == "JAX407"]
    assert findings, findings
    verdict = findings[0]["validation"]
    assert verdict["status"] == "confirmed", verdict
    assert "float32[16, 16]" in verdict["evidence"], verdict
