"""Every rule's VALID and INVALID examples, run as tests."""

from __future__ import annotations

import pytest

from jaxcheck.engine import EngineOptions, check_source
from jaxcheck.rules import all_rules

CASES = [
    pytest.param(rule, example, kind, id=f"{rule.CODE}-{kind}-{index}")
    for rule in all_rules()
    for kind, examples in (("valid", rule.VALID), ("invalid", rule.INVALID))
    for index, example in enumerate(examples)
]


@pytest.mark.parametrize(("rule", "example", "kind"), CASES)
def test_example(rule, example, kind):
    result = check_source("example.py", example.code, EngineOptions(rules=(rule,)))
    assert result.error is None, result.error
    found = result.diagnostics
    if kind == "valid":
        assert found == [], f"{rule.CODE} reported on a VALID example: {found}"
        return
    expected_lines = list(example.lines or (example.line,))
    assert expected_lines[0] == example.line, "`line` is where the first report is"
    assert [d.line for d in found] == expected_lines, f"expected reports at lines {expected_lines}, got {found}"
    first = found[0]
    if example.column is not None:
        assert first.column == example.column
    if example.message_contains is not None:
        assert any(example.message_contains in d.message for d in found), [d.message for d in found]
    for diagnostic in found:
        assert diagnostic.code == rule.CODE and diagnostic.name == rule.NAME
