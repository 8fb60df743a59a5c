"""The validator over the bundled examples: every finding in a bad file is confirmed by running
it; good files have no findings, and experiments forced on their jitted functions confirm
nothing. Example files are discovered, so new bands are covered as they appear."""

from __future__ import annotations

import pathlib

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from jaxcheck.analysis import ModuleFacts
from jaxcheck.api import CheckResult, check_paths
from jaxcheck.config import Config
from jaxcheck.diagnostics import Diagnostic, FileResult
from jaxcheck.runtime import ValidateOptions, validate

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
BAD = sorted(EXAMPLES.rglob("*_bad.py"))
GOOD = sorted(EXAMPLES.rglob("*_good.py"))
OPTIONS = ValidateOptions(timeout=30, module_timeout=120)


@pytest.fixture(scope="module")
def validated_bad() -> dict[str, list[Diagnostic]]:
    result = validate(check_paths(BAD, Config()), OPTIONS)
    found: dict[str, list[Diagnostic]] = {p.name: [] for p in BAD}
    for diagnostic in result.diagnostics:
        found[pathlib.Path(diagnostic.path).name].append(diagnostic)
    return found


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_bad_example_findings_are_confirmed(path, validated_bad):
    diagnostics = validated_bad[path.name]
    assert diagnostics, f"{path.name}: no finding to validate"
    for diagnostic in diagnostics:
        validation = diagnostic.validation
        assert validation is not None
        assert validation.device.startswith("cpu:"), validation.device
        assert validation.status == "confirmed", f"{path.name}:{diagnostic.line} {diagnostic.code}: {validation}"
        assert _evidence_fits(diagnostic.code, validation.evidence), validation.evidence


def _evidence_fits(code: str, evidence: str) -> bool:
    """The evidence names what actually happened, per band."""
    band = code[3]
    if code == "JAX407":
        return "equations" in evidence and "compiled in" in evidence
    if band == "5":
        return "the same key again" in evidence or "same output for two different keys" in evidence
    if band == "1":
        return "under jit" in evidence or "tracer" in evidence
    if band == "2":
        return "raised" in evidence and ("Tracer" in evidence or "Concretization" in evidence or "static" in evidence or "concrete" in evidence)
    if band == "3":
        return "raised" in evidence and ("ValueError" in evidence or "concrete" in evidence)
    if band == "4":
        return "XLA compilation" in evidence
    return True


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_good_example_has_no_finding_to_validate(path):
    assert check_paths([path], Config()).diagnostics == []


def _forced(path: pathlib.Path) -> list[Diagnostic]:
    """Findings the checker did not make: the file's own code at every jitted call and at the
    first statement of every jitted function, so the experiments run on good code."""
    code = path.name.split("_")[0].upper()
    module = cst.parse_module(path.read_text())
    positions = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    facts = ModuleFacts(module)
    nodes: list[cst.CSTNode] = []
    for site in facts.sites(cst.Call):
        if site.node in facts.jit_site_by_node or facts.jitted_callee(site.node, site.scope):
            nodes.append(site.node)
    for jit_site in facts.jit_sites:
        for function in jit_site.targets:
            body = function.node.body
            statements = getattr(body, "body", None)
            nodes.append(statements[0] if statements else body)
    found = []
    for node in nodes:
        where = positions[node]
        found.append(Diagnostic(str(path), where.start.line, where.start.column + 1, where.end.line,
                                where.end.column + 1, code, "forced", "forced"))
    return found


def test_experiments_forced_on_good_examples_confirm_nothing():
    files = [FileResult(str(p), sorted(set(_forced(p)), key=Diagnostic.sort_key)) for p in GOOD]
    result = validate(CheckResult(files, len(files)), OPTIONS)
    confirmed = [
        f"{pathlib.Path(d.path).name}:{d.line} {d.code}: {d.validation.evidence}"
        for d in result.diagnostics if d.validation.status == "confirmed"
    ]
    assert sum(len(f.diagnostics) for f in files) >= len(GOOD)
    assert confirmed == []
