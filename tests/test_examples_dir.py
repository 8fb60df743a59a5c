"""The bundled examples: every bad file is flagged exactly where its `# expect:` comments say,
and every good file is clean."""

from __future__ import annotations

import pathlib
import re

import pytest

from jaxcheck.api import check_paths
from jaxcheck.config import Config

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
_EXPECT = re.compile(r"#\s*expect:\s*(JAX\d{3}(?:\s*,\s*JAX\d{3})*)")


def _expected(path: pathlib.Path) -> set[tuple[int, str]]:
    expected = set()
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        match = _EXPECT.search(line)
        if match:
            expected.update((number, code.strip()) for code in match.group(1).split(","))
    return expected


BAD = sorted(EXAMPLES.rglob("*bad*.py"))
README_EXAMPLE = EXAMPLES / "train.py"  # its findings are the README's, compared in test_readme_example
GOOD = sorted(p for p in EXAMPLES.rglob("*.py") if "bad" not in p.name and p != README_EXAMPLE)


def test_there_are_examples():
    assert len(BAD) >= 10 and len(GOOD) >= 10


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_bad_example_is_flagged_where_expected(path):
    expected = _expected(path)
    assert expected, f"{path.name} has no `# expect: JAXnnn` comment"
    result = check_paths([path], Config())
    found = {(d.line, d.code) for d in result.diagnostics}
    assert found == expected, f"{path.name}: found {sorted(found)}, expected {sorted(expected)}"


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_good_example_is_clean(path):
    result = check_paths([path], Config())
    assert result.diagnostics == [] and result.errors == []
