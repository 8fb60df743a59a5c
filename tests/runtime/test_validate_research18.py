"""Defects found running `jaxcheck validate` on research code (real CLI, real jax on CPU)."""

from __future__ import annotations

import pathlib

from .cli import validate_json, write_tree


def _verdict(tmp_path: pathlib.Path, files: dict[str, str], path: str, code: str) -> dict:
    """The verdict of `jaxcheck validate PATH` on the first finding of ``code``."""
    write_tree(tmp_path, files)
    findings = [f for f in validate_json(tmp_path, path) if f["code"] == code]
    assert findings, findings
    return findings[0]["validation"]

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
    verdict = _verdict(tmp_path, SQUARE, "rq.py", "JAX407")
    assert verdict["status"] == "confirmed", verdict
    assert "float32[16, 16]" in verdict["evidence"], verdict


SAMPLERS = {
    # boax's samplers: a factory takes a key and a `chex.Shape` (`Sequence[...]`) and returns a
    # sampler of a `NamedTuple` distribution that draws from the captured key on every call.
    # Another module's `normal` (the distribution's constructor), called with two arrays, was
    # taken for a call of the factory, so its "sample shape" was an array.
    "pkg/__init__.py": "",
    "pkg/dist.py": """\
        from typing import NamedTuple

        import jax


        class Normal(NamedTuple):
            loc: jax.Array
            scale: jax.Array


        def normal(loc, scale):
            return Normal(loc, scale)
        """,
    "pkg/samplers.py": """\
        from typing import Sequence

        import jax
        from jax import random

        from pkg.dist import Normal


        def normal(key: jax.Array, sample_shape: Sequence[int]):
            def sample(dist: Normal) -> jax.Array:
                return dist.loc + dist.scale * random.normal(key, tuple(sample_shape) + dist.loc.shape)

            return sample
        """,
    "pkg/priors.py": """\
        import jax.numpy as jnp

        from pkg import dist

        PRIOR = dist.normal(jnp.zeros(3), jnp.ones(3))
        """,
}


def test_a_sampler_made_by_a_factory_of_a_shape_drawing_from_a_named_tuple_is_run(tmp_path: pathlib.Path) -> None:
    verdict = _verdict(tmp_path, SAMPLERS, "pkg/samplers.py", "JAX502")
    assert verdict["status"] == "confirmed", verdict
    assert "Normal(loc=" in verdict["evidence"], verdict


PER_CALL = {
    # mbirjax's `QGGMRFDenoiser.denoise`: a nested jitted loop built on every call, called in a
    # statement whose targets span two lines; the call's line fires twice per execution, so
    # 2 compilations in 2 calls read as "some executions reused the compiled code"
    "denoise.py": """\
        import jax
        import jax.numpy as jnp


        def denoise(image):
            @jax.jit
            def run_loop(x):
                return x * 2.0, x.sum()

            (scaled,
             total) = run_loop(image)
            return scaled, total


        def run():
            for _ in range(3):
                denoise(jnp.ones(3))
        """,
}


def test_a_jit_built_per_call_in_a_statement_over_two_lines_counts_each_execution_once(tmp_path: pathlib.Path) -> None:
    verdict = _verdict(tmp_path, PER_CALL, "denoise.py", "JAX402")
    assert verdict["status"] == "confirmed", verdict
