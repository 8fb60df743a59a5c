"""The catalogue is consistent: unique codes and names, complete docs, enough examples."""

from __future__ import annotations

import re

import pytest

from jaxcheck import cli
from jaxcheck.rules import BANDS, all_rules
from jaxcheck.rules.base import DOC_SECTIONS, Invalid, Valid

RULES = all_rules()


def test_codes_and_names_are_unique():
    codes = [r.CODE for r in RULES]
    names = [r.NAME for r in RULES]
    assert len(codes) == len(set(codes)) and len(names) == len(set(names))


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.CODE)
def test_rule_is_complete(rule):
    assert re.fullmatch(r"JAX[1-9]\d\d", rule.CODE)
    band = BANDS[int(rule.CODE[3]) - 1] if int(rule.CODE[3]) <= 4 else None
    assert band is None or f".rules.{band}." in rule.__module__, "rule lives in the wrong band"
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", rule.NAME)
    assert not rule.NAME.startswith(("no-", "use-"))
    assert rule.MESSAGE and "\n" not in rule.MESSAGE and not rule.MESSAGE.endswith(".")
    assert rule.FIX_TITLE and not rule.FIX_TITLE.endswith(".")
    docs = rule.docs()
    for section in DOC_SECTIONS:
        assert f"## {section}" in docs, f"{rule.CODE} docs lack '## {section}'"
    assert len(rule.VALID) >= 3 and all(isinstance(v, Valid) for v in rule.VALID)
    assert len(rule.INVALID) >= 3 and all(isinstance(i, Invalid) for i in rule.INVALID)
    assert all(i.line >= 1 for i in rule.INVALID)


def test_one_rule_per_module():
    modules = [r.__module__ for r in RULES]
    assert len(modules) == len(set(modules))


def test_rule_command_renders_docs_from_the_class(capsys):
    for rule in RULES:
        assert cli.main(["rule", rule.CODE]) == 0
        out = capsys.readouterr().out
        assert rule.NAME in out and rule.docs().splitlines()[0] in out
    assert cli.main(["rule", RULES[0].NAME]) == 0
    capsys.readouterr()
    assert cli.main(["rule", "JAX999"]) == 2
    assert "no rule" in capsys.readouterr().err


def test_rules_command_lists_every_rule(capsys):
    assert cli.main(["rules", "--all"]) == 0
    out = capsys.readouterr().out
    for rule in RULES:
        assert rule.CODE in out and rule.NAME in out
