"""`jaxcheck run` on the oldest supported jax (0.4.30; 0.5.3 behaves the same, measured): it names
no function in its compile events, announces no trace starts and explains a tracing-cache miss
after the trace, through the logger of `jax._src.pjit`. The compiles are still counted per
function of the program, eager operations (explained there too) are not, and the explanations
jaxcheck asked for do not reach the program's stderr. Real jax, CPU; skipped where no environment
with the oldest jax can be had (see tests/stubs/test_stubs_versions.py)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "stubs"))
from test_stubs_versions import oldest_jax_python  # noqa: E402,F401 - the fixture

SHAPES = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    @jax.jit
    def scale(x):
        return x * 2


    for n in (3, 4, 5):
        scale(jnp.ones(n))
    """
)


def test_compiles_counted_per_function_on_the_oldest_jax(
    tmp_path: pathlib.Path, oldest_jax_python: str  # noqa: F811 - the fixture imported above
) -> None:
    (tmp_path / "shapes.py").write_text(SHAPES)
    report = tmp_path / "report.json"
    completed = subprocess.run(
        [oldest_jax_python, "-m", "jaxcheck", "run", "--format", "json", "--report", str(report),
         "shapes.py"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"},
        capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 0, completed.stderr
    rows = {row["function"]: row for row in json.loads(report.read_text())["compilations"]}
    assert list(rows) == ["scale"], rows  # not `broadcast_in_dim`, the eager `jnp.ones` of each size
    assert rows["scale"]["compiles"] == 3
    assert rows["scale"]["reasons"][1] == "at x, seen f32[3], but now given f32[4] (called at shapes.py:11:4)"
    assert "TRACING CACHE MISS" not in completed.stderr
