"""Bad input gives a clear per-file JAX001 error and the run goes on."""

from __future__ import annotations

import os
import sys

import pytest

from jaxcheck.api import check_paths
from jaxcheck.formats.text import summary

JITTED_PRINT = "import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "good.py").write_text(JITTED_PRINT)
    (tmp_path / "syntax.py").write_text("import jax\ndef f(:\n")
    (tmp_path / "latin1.py").write_bytes(b"import jax\nname = '\xe9t\xe9'\n")
    (tmp_path / "empty.py").write_text("")
    (tmp_path / "binary.py").write_bytes(b"\x7fELF\x00\x01jax\x00")
    (tmp_path / "nopython").mkdir()
    (tmp_path / "nopython" / "notes.txt").write_text("hello")
    return tmp_path


def test_each_bad_file_is_reported_and_the_rest_is_checked(tree):
    result = check_paths([tree, tree / "nopython", tree / "missing.py"])
    errors = {os.path.basename(e.path): e for e in result.errors}
    assert set(errors) == {"syntax.py", "latin1.py", "binary.py", "nopython", "missing.py"}
    assert all(e.code == "JAX001" for e in errors.values())
    assert "syntax error" in errors["syntax.py"].message and errors["syntax.py"].line == 2
    assert "decode" in errors["latin1.py"].message
    assert "binary" in errors["binary.py"].message
    assert "no Python files" in errors["nopython"].message
    assert "no such file" in errors["missing.py"].message
    # The good file was still checked and its finding reported.
    assert [(os.path.basename(d.path), d.code) for d in result.diagnostics] == [("good.py", "JAX101")]
    assert result.exit_code == 2


def test_what_only_cpythons_compiler_rejects_is_reported_as_running_the_file_would(tmp_path):
    (tmp_path / "outside.py").write_text("import jax\nx = jax.numpy.ones(3)\nreturn x\n")
    (tmp_path / "future.py").write_text("import jax\nfrom __future__ import annotations\n")
    (tmp_path / "warns.py").write_text("import jax\nassert (jax, 'never fails')\nok = 1 is 1\n")
    (tmp_path / "cell.py").write_text("import jax\nawait jax.numpy.ones(3).block_until_ready()\n")
    errors = {os.path.basename(e.path): e for e in check_paths([tmp_path]).errors}
    assert set(errors) == {"outside.py", "future.py"}  # warnings pass; top-level await is a notebook's
    assert "'return' outside function" in errors["outside.py"].message and errors["outside.py"].line == 3
    assert "__future__" in errors["future.py"].message and errors["future.py"].line == 2


def test_empty_file_is_fine(tmp_path):
    (tmp_path / "empty.py").write_text("")
    result = check_paths([tmp_path / "empty.py"])
    assert result.errors == [] and result.diagnostics == [] and result.exit_code == 0


def test_declared_encoding_is_honoured(tmp_path):
    path = tmp_path / "declared.py"
    path.write_bytes(b"# -*- coding: latin-1 -*-\nimport jax\nname = '\xe9t\xe9'\n")
    assert check_paths([path]).errors == []


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads everything")
def test_unreadable_file(tmp_path):
    path = tmp_path / "secret.py"
    path.write_text(JITTED_PRINT)
    path.chmod(0)
    result = check_paths([path])
    assert result.errors[0].code == "JAX001" and "cannot read" in result.errors[0].message


def test_directory_without_read_permission_is_reported_not_crashing(tmp_path):
    path = tmp_path / "pkg" / "__init__.py"
    path.parent.mkdir()
    path.write_text("x = 1\n")
    result = check_paths([tmp_path])
    assert result.errors == []


def test_check_never_imports_the_code(tmp_path):
    marker = tmp_path / "imported"
    source = f"import jax\nopen({str(marker)!r}, 'w').close()\n@jax.jit\ndef f(x):\n    return x\n"
    (tmp_path / "side_effect.py").write_text(source)
    check_paths([tmp_path])
    assert not marker.exists()


def test_deeply_nested_expression_does_not_crash(tmp_path):
    path = tmp_path / "deep.py"
    path.write_text("import jax\nx = " + "(" * 300 + "1" + ")" * 300 + "\n")
    result = check_paths([path])
    assert len(result.errors) <= 1


def test_an_internal_error_is_reported_per_file_and_the_run_goes_on(tmp_path, monkeypatch):
    from jaxcheck.rules.purity.print_in_jit import PrintInJit

    def broken(self, context):
        raise KeyError("boom")

    monkeypatch.setattr(PrintInJit, "check", broken)
    (tmp_path / "a.py").write_text(JITTED_PRINT)
    (tmp_path / "b.py").write_text("x = 1\n")
    result = check_paths([tmp_path])
    (error,) = result.errors
    assert error.code == "JAX002" and error.name == "internal-error"
    assert "internal error in JAX101: KeyError" in error.message and error.path.endswith("a.py")
    assert result.exit_code == 2
    assert "1 could not be checked (JAX002)" in summary(result)
