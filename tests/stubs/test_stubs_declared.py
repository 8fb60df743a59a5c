"""Where the installed jax ships a ``.pyi`` (``jax.numpy``, ``jax.nn``, ``jax.Array``), the stubs
are at least as precise as it: every name and member it declares keeps jax's declaration.

Checked twice: in the text (each declaration of jax's file is in the generated stub as jax
writes it), and in the checkers (mypy and basedpyright reveal every declared name with the stubs
exactly as without them, and report nothing new on it). Before the stubs took jax's ``.pyi``,
mypy revealed 266 of these 590 names differently and basedpyright 353 (``jnp.block`` rejected
nested lists, ``Array.T``, ``.mT`` and ``.at`` were ``Any``).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

pytest.importorskip("jax", reason="jax's own .pyi files come from the installed jax (the test extras)")

from stub_checkers import DECLARED_FILE, Findings, generated_stubs, jax_declared_names


def _jax_pyi_files() -> list[Path]:
    package = Path(importlib.import_module("jax").__file__ or "").parent
    return sorted(package.rglob("*.pyi"))


@pytest.mark.parametrize("pyi", _jax_pyi_files(), ids=lambda path: path.parent.name + "/" + path.name)
def test_every_declaration_of_jax_own_pyi_is_in_the_stub_as_jax_writes_it(pyi: Path) -> None:
    package = Path(importlib.import_module("jax").__file__ or "").parent
    stub = (generated_stubs() / "jax-stubs" / pyi.relative_to(package)).read_text(encoding="utf-8")
    stub_classes = {node.name: node for node in ast.parse(stub).body if isinstance(node, ast.ClassDef)}
    source = pyi.read_text(encoding="utf-8")
    missing = []
    for node in ast.parse(source).body:
        text = ast.get_source_segment(source, node) or ""
        if isinstance(node, ast.ClassDef):
            # A class may gain the members its runtime class has; jax's own members stay as they are.
            stub_members = {ast.dump(member) for member in stub_classes[node.name].body}
            lost = [member for member in node.body if ast.dump(member) not in stub_members]
            missing += [f"{node.name}.{ast.unparse(member)[:60]}" for member in lost]
        elif text not in stub:
            missing.append(text[:80])
    assert missing == []


@pytest.mark.parametrize("checker", ["mypy", "pyright"])
def test_names_jax_declares_have_jax_own_types_with_the_stubs(
    findings: dict[str, Findings], checker: str
) -> None:
    if f"{checker}-nostubs" not in findings:
        pytest.skip("no environment without stubs here")
    with_stubs, without = findings[checker], findings[f"{checker}-nostubs"]
    differing = []
    for line, expression in enumerate(jax_declared_names(), 8):
        key = (DECLARED_FILE, line)
        stubbed, own = with_stubs.reveals.get(key), without.reveals.get(key)
        new_errors = with_stubs.errors.get(key, set()) - without.errors.get(key, set())
        if stubbed != own or new_errors:
            differing.append(f"{expression}: {stubbed} with the stubs, {own} without; new {new_errors}")
    assert len(jax_declared_names()) > 100
    assert differing == []
