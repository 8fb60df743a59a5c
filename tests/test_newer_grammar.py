"""A project that requires Python 3.12 writes its generics as PEP 695 does (`type Alias = ...`,
`def f[T](x: T) -> T`, `class C[T]: ...`). CPython 3.11, on which jaxcheck may run, rejects them;
libcst reads them. Those files are analysed, not reported as syntax errors (neural-pfaffian: six
modules were JAX001 "invalid syntax" on 3.11); a real error elsewhere in such a file still is."""

from __future__ import annotations

import os
import sys

import pytest

from jaxcheck.api import check_paths
from jaxcheck.parsing import in_older_grammar

GENERIC = '''
import jax

type LogDensity = jax.Array


class Preconditioner[PS]:
    def apply(self, x: PS) -> PS:
        return x


def tree_scale[T](tree: T, x) -> T:
    return jax.tree.map(lambda leaf: leaf * x, tree)


@jax.jit
def step(x):
    print(x)
    return tree_scale(x, 2.0)
'''


def test_a_file_with_python_3_12_generics_is_analysed(tmp_path):
    (tmp_path / "generic.py").write_text(GENERIC)
    result = check_paths([tmp_path])
    assert result.errors == []
    assert [(os.path.basename(d.path), d.code, d.line) for d in result.diagnostics] == [("generic.py", "JAX101", 18)]


def test_a_real_syntax_error_beside_them_is_still_reported(tmp_path):
    (tmp_path / "broken.py").write_text(GENERIC + "\ndef f(:\n    pass\n")
    (tmp_path / "outside.py").write_text("import jax\n\ntype X = int\nreturn X\n")
    errors = {os.path.basename(e.path): e for e in check_paths([tmp_path]).errors}
    assert set(errors) == {"broken.py", "outside.py"}
    assert errors["outside.py"].line == 4 and "'return' outside function" in errors["outside.py"].message


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 reads the generics itself")
def test_lowering_keeps_every_line_where_it_was():
    lowered = in_older_grammar(GENERIC)
    assert lowered is not None and lowered.count("\n") == GENERIC.count("\n")
    assert "LogDensity = jax.Array" in lowered and "class Preconditioner:" in lowered
    assert "def tree_scale(tree: T, x) -> T:" in lowered
    assert in_older_grammar("import jax\nx = 1\n") is None
