"""`python -m jaxcheck.stubs generate|check`: the shipped stubs are the generator's output for the
installed jax, and drift (another jax, an edited or stale file) is reported."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from stub_checkers import STUBS

from jaxcheck.stubs import TYPED_TRANSFORMS, installed_jax_version, signature_drift, stub_drift
from jaxcheck.stubs.build import TRANSFORM_SUMMARIES, render_stubs, stubbed_jax_version
from jaxcheck.stubs.mirror import MirrorError, mirror_module

SHIPPED = STUBS / "jax-stubs"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "jaxcheck.stubs", *args], capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    output = tmp_path_factory.mktemp("generated") / "jax-stubs"
    result = run_cli("generate", "--output", str(output))
    assert result.returncode == 0, result.stderr
    return output


def test_shipped_stubs_match_the_installed_jax() -> None:
    fix = "run `python -m jaxcheck.stubs generate --output stubs/jax-stubs` (or update the templates)"
    assert stub_drift(SHIPPED) == [], fix
    assert stubbed_jax_version(SHIPPED) == installed_jax_version()


def test_generate_writes_the_shipped_files(generated: Path) -> None:
    shipped = sorted(p.relative_to(SHIPPED).as_posix() for p in SHIPPED.rglob("*") if p.is_file())
    written = sorted(p.relative_to(generated).as_posix() for p in generated.rglob("*") if p.is_file())
    assert written == shipped
    assert (generated / "py.typed").read_text() == "partial\n"
    assert run_cli("check", "--stubs", str(generated)).returncode == 0


def test_check_reports_another_jax_version(generated: Path, tmp_path: Path) -> None:
    stubs = shutil.copytree(generated, tmp_path / "jax-stubs")
    init = stubs / "__init__.pyi"
    init.write_text(init.read_text().replace(f"for jax {installed_jax_version()},", "for jax 0.0.1,", 1))
    result = run_cli("check", "--stubs", str(stubs))
    assert result.returncode == 1
    assert f"are for jax 0.0.1, jax {installed_jax_version()} is installed" in result.stdout
    assert "jaxcheck.stubs generate --output" in result.stdout


def test_check_reports_edited_and_stale_files_and_generate_repairs_them(
    generated: Path, tmp_path: Path
) -> None:
    stubs = shutil.copytree(generated, tmp_path / "jax-stubs")
    (stubs / "_jaxcheck_wrappers.pyi").write_text("# edited\n")
    (stubs / "lax").mkdir()
    (stubs / "lax" / "__init__.pyi").write_text("# a module this jax has no stub for\n")
    result = run_cli("check", "--stubs", str(stubs))
    assert result.returncode == 1
    assert "_jaxcheck_wrappers.pyi differs from the generated stub" in result.stdout
    assert "lax/__init__.pyi is not part of the stubs" in result.stdout
    assert run_cli("generate", "--output", str(stubs)).returncode == 0
    assert not (stubs / "lax" / "__init__.pyi").exists()
    assert run_cli("check", "--stubs", str(stubs)).returncode == 0


def test_template_takes_every_parameter_of_the_installed_transforms() -> None:
    assert signature_drift() == []


def test_typed_transforms_carry_their_own_summaries() -> None:
    tree = ast.parse(render_stubs()["__init__.pyi"])
    definitions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert {node.name for node in definitions} == set(TYPED_TRANSFORMS)
    for node in definitions:
        assert ast.get_docstring(node) == TRANSFORM_SUMMARIES[node.name], node.name


MIRRORED_SOURCE = '''
"""A re-export module like jax's."""
import os as _os
from typing import TYPE_CHECKING
from collections import OrderedDict as OrderedDict
from collections import deque
from collections import Counter as Counter
import json.decoder as _decoder
from types import SimpleNamespace

Decoder = _decoder.JSONDecoder
namespace = SimpleNamespace(a=1)
_table = {"private": 1}
del Counter
if TYPE_CHECKING:
    from collections import ChainMap as ChainMap
else:
    ChainMap = None

def helper(x: int) -> int:
    return x + 1

try:
    from collections import UserDict as UserDict
except ImportError:
    UserDict = dict
'''


def test_mirror_keeps_what_a_checker_sees(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mirrored_example.py").write_text(textwrap.dedent(MIRRORED_SOURCE))
    monkeypatch.syspath_prepend(str(tmp_path))
    mirrored = mirror_module("mirrored_example", omit=["UserDict"])  # a template defines it
    statements = set(mirrored.statements)
    assert "from collections import OrderedDict as OrderedDict" in statements
    assert "from collections import deque" in statements  # bound, not re-exported
    assert "from collections import Counter" in statements  # deleted: import kept, export dropped
    assert "import json.decoder as _decoder" in statements
    assert "Decoder = _decoder.JSONDecoder" in statements  # an alias stays an alias
    assert "namespace: _types.SimpleNamespace" in statements  # a call becomes its runtime type
    assert "from collections import ChainMap as ChainMap" in statements  # TYPE_CHECKING branch
    assert "def helper(x: int) -> int:\n    ..." in statements  # a definition keeps its signature
    assert not any("_table" in s or "UserDict" in s or "ChainMap = None" in s for s in statements)
    assert set(mirrored.public_names) == {"OrderedDict", "Decoder", "namespace", "ChainMap", "helper"}


def test_mirror_fails_loudly_when_a_typed_name_disappears(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mirrored_without.py").write_text("from os import path as path\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(MirrorError, match="no longer defines"):
        mirror_module("mirrored_without", omit=["jit"])
