"""`python -m jaxcheck.stubs install|uninstall|generate|check`: stubs generated for the installed
jax, drift (another jax, an edited or stale file) reported, and the notice the linter and the
mypy plugin print when the installed stubs describe another jax."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from stub_checkers import make_environment

from jaxcheck.stubs import TYPED_TRANSFORMS, installed_jax_version, signature_drift, stub_drift
from jaxcheck.stubs.build import TRANSFORM_SUMMARIES, render_stubs
from jaxcheck.stubs.installed import mismatch_notice, stubbed_jax_version
from jaxcheck.stubs.mirror import MirrorError, mirror_module


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


def test_generated_stubs_match_the_installed_jax(generated: Path) -> None:
    assert stub_drift(generated) == []
    assert stubbed_jax_version(generated) == installed_jax_version()
    written = sorted(p.relative_to(generated).as_posix() for p in generated.rglob("*") if p.is_file())
    assert {"__init__.pyi", "_jaxcheck_wrappers.pyi", "py.typed", "numpy/__init__.pyi"} <= set(written)
    assert (generated / "py.typed").read_text() == "partial\n"
    assert run_cli("check", "--stubs", str(generated)).returncode == 0


def test_install_and_uninstall_only_touch_their_own_stubs(tmp_path: Path) -> None:
    target = tmp_path / "site-packages" / "jax-stubs"
    assert run_cli("install", "--target", str(target)).returncode == 0
    assert stubbed_jax_version(target) == installed_jax_version()
    assert mismatch_notice([str(target.parent), *sys.path]) is None
    assert run_cli("uninstall", "--target", str(target)).returncode == 0
    assert not target.exists()
    foreign = tmp_path / "other" / "jax-stubs"
    foreign.mkdir(parents=True)
    (foreign / "__init__.pyi").write_text("def jit(f): ...\n")
    for command in ("install", "uninstall"):
        result = run_cli(command, "--target", str(foreign))
        assert result.returncode == 2 and "jaxcheck" in result.stderr
    assert (foreign / "__init__.pyi").read_text() == "def jit(f): ...\n"


def test_mismatch_notice_names_both_versions_and_the_fix(generated: Path, tmp_path: Path) -> None:
    stubs = shutil.copytree(generated, tmp_path / "jax-stubs")
    init = stubs / "__init__.pyi"
    init.write_text(init.read_text().replace(installed_jax_version(), "0.0.1", 1))
    notice = mismatch_notice([str(tmp_path), *sys.path])  # the stubs, then this environment's jax
    assert notice is not None
    assert "jax 0.0.1" in notice and f"jax {installed_jax_version()}" in notice
    assert "python -m jaxcheck.stubs install" in notice
    assert mismatch_notice([str(tmp_path / "nowhere"), *sys.path]) is None


@pytest.mark.parametrize("front_end", ["linter", "mypy plugin"])
def test_linter_and_plugin_say_once_that_installed_stubs_describe_another_jax(
    generated: Path, tmp_path: Path, front_end: str
) -> None:
    site = tmp_path / "site"
    stubs = shutil.copytree(generated, site / "jax-stubs")
    init = stubs / "__init__.pyi"
    init.write_text(init.read_text().replace(installed_jax_version(), "0.0.1", 1))
    (tmp_path / "step.py").write_text("import jax\n\n\ndef step(x):\n    return x\n")
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = jaxcheck.mypy\nfollow_imports = skip\n")
    command = (
        ["-m", "jaxcheck", "check", "step.py"]
        if front_end == "linter"
        else ["-m", "mypy", "--config-file", "mypy.ini", "--no-incremental", "step.py"]
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])}
    result = subprocess.run(
        [sys.executable, *command], cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    notes = [line for line in result.stderr.splitlines() if "describes jax 0.0.1" in line]
    assert len(notes) == 1, result.stderr
    assert f"jax {installed_jax_version()} is installed" in notes[0]
    assert "python -m jaxcheck.stubs install" in notes[0]


def test_plugin_judges_the_environment_mypy_checks_not_its_own(generated: Path, tmp_path: Path) -> None:
    # mypy run from one environment checks another's packages with `--python-executable` (a
    # tool environment, pre-commit's): the stubs and the jax that count are the other one's.
    stubs = shutil.copytree(generated, tmp_path / "site" / "jax-stubs")
    init = stubs / "__init__.pyi"
    init.write_text(init.read_text().replace(installed_jax_version(), "0.0.1", 1))
    checked = make_environment(tmp_path / "checked", [tmp_path / "site"])
    (tmp_path / "step.py").write_text("import jax\n\n\ndef step(x):\n    return x\n")
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = jaxcheck.mypy\nfollow_imports = skip\n")
    notes = {}
    for name, target in (("checked", checked), ("own", Path(sys.executable))):
        result = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental",
             "--python-executable", str(target), "step.py"],
            cwd=tmp_path, capture_output=True, text=True, check=False,
        )  # fmt: skip
        notes[name] = [line for line in result.stderr.splitlines() if "describes jax 0.0.1" in line]
    assert len(notes["checked"]) == 1 and str(stubs) in notes["checked"][0]
    assert notes["own"] == []


def test_check_reports_another_jax_version(generated: Path, tmp_path: Path) -> None:
    stubs = shutil.copytree(generated, tmp_path / "jax-stubs")
    init = stubs / "__init__.pyi"
    init.write_text(init.read_text().replace(f"for jax {installed_jax_version()},", "for jax 0.0.1,", 1))
    result = run_cli("check", "--stubs", str(stubs))
    assert result.returncode == 1
    assert f"are for jax 0.0.1, jax {installed_jax_version()} is installed" in result.stdout
    assert "jaxcheck.stubs install" in result.stdout


def test_check_reports_edited_and_stale_files_and_generate_repairs_them(
    generated: Path, tmp_path: Path
) -> None:
    stubs = shutil.copytree(generated, tmp_path / "jax-stubs")
    (stubs / "_jaxcheck_wrappers.pyi").write_text("# edited\n")
    (stubs / "profiler").mkdir()
    (stubs / "profiler" / "__init__.pyi").write_text("# a module this jax has no stub for\n")
    result = run_cli("check", "--stubs", str(stubs))
    assert result.returncode == 1
    assert "_jaxcheck_wrappers.pyi differs from the generated stub" in result.stdout
    assert "profiler/__init__.pyi is not part of the stubs" in result.stdout
    assert run_cli("generate", "--output", str(stubs)).returncode == 0
    assert not (stubs / "profiler" / "__init__.pyi").exists()
    assert run_cli("check", "--stubs", str(stubs)).returncode == 0


def test_template_takes_every_parameter_of_the_installed_transforms() -> None:
    assert signature_drift() == []


def test_typed_transforms_carry_their_own_summaries_in_both_views() -> None:
    # Under `if TYPE_CHECKING:` for pyright and mypy, under `else:` for jedi.
    tree = ast.parse(render_stubs()["__init__.pyi"])
    (views,) = [node for node in tree.body if isinstance(node, ast.If)]
    for branch in (views.body, views.orelse):
        definitions = [node for node in branch if isinstance(node, ast.FunctionDef)]
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


def test_names_jax_declares_in_a_pyi_keep_its_declaration(generated: Path) -> None:
    """`jnp.vectorize` declares no result in its source (a checker would infer `Array |
    tuple[Array, ...]` from jax's internals), and jax's `jax/numpy/__init__.pyi` says `Callable`:
    the stub says what jax's `.pyi` says; `jnp.where` keeps its overloads; `jax.block_until_ready`
    (no `.pyi` for `jax`) stays a re-export."""

    def bound(module: str) -> dict[str, ast.stmt]:
        tree = ast.parse((generated / module).read_text())
        found: dict[str, ast.stmt] = {}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                found[node.name] = node
            elif isinstance(node, ast.ImportFrom):
                found.update((alias.asname or alias.name, node) for alias in node.names)
        return found

    numpy, top = bound("numpy/__init__.pyi"), bound("__init__.pyi")
    vectorize = numpy["vectorize"]
    assert isinstance(vectorize, ast.FunctionDef) and ast.unparse(vectorize.returns) == "Callable"
    where = numpy["where"]
    assert not (isinstance(where, ast.FunctionDef) and ast.unparse(where.returns) == "_typing.Any")
    assert isinstance(top["block_until_ready"], ast.ImportFrom)
    import jax.numpy as jnp

    vdot_last = jnp.vectorize(jnp.vdot, signature="(n),(n)->()")
    assert (vdot_last(jnp.ones((2, 3)), jnp.ones((2, 3))) - 1.0).tolist() == [2.0, 2.0]
