"""How the bench scores findings against `# expect:` comments (no jax needed)."""

from __future__ import annotations

import pathlib

from .corpus import Case, baseline_entries, expected_lines, score, total


def _case(tmp_path: pathlib.Path, band: str, name: str, source: str) -> Case:
    path = tmp_path / band / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(source, encoding="utf-8")
    return Case(path, band, "runs", expected_lines(source))


def test_any_listed_code_on_the_line_counts_once_and_other_codes_are_false(tmp_path):
    case = _case(tmp_path, "tracing", "001_x.py", "a = 1\nb = 2  # expect: JAX201, JAX202\n")
    findings = [(str(case.path), 2, "JAX202"), (str(case.path), 2, "JAX201"), (str(case.path), 2, "JAX204")]
    band = score([case], findings)["tracing"]
    assert (band.expected, band.found, band.missed) == (1, 1, [])
    assert band.false == ["tracing/001_x.py:2 JAX204"]


def test_a_finding_on_another_line_is_a_miss_and_a_false_finding(tmp_path):
    case = _case(tmp_path, "purity", "002_y.py", "print(1)  # expect: JAX101\nx = 2\n")
    band = score([case], [(str(case.path), 2, "JAX101")])["purity"]
    assert band.missed == ["purity/002_y.py:1 JAX101"]
    assert band.false == ["purity/002_y.py:2 JAX101"]
    assert (band.recall, band.precision) == (0.0, 0.0)


def test_every_finding_in_a_clean_look_alike_is_false_and_nothing_reported_is_perfect(tmp_path):
    clean = _case(tmp_path, "recompilation", "003_z_clean.py", "x = 1\n")
    quiet = _case(tmp_path, "recompilation", "004_w_clean.py", "y = 2\n")
    scores = score([clean, quiet], [(str(clean.path), 1, "JAX401")])
    band = scores["recompilation"]
    assert (band.cases, band.clean, band.expected) == (2, 2, 0)
    assert band.recall == 1.0 and band.precision == 0.0
    assert baseline_entries(scores) == ["false recompilation/003_z_clean.py:1 JAX401"]
    assert total(scores).false == band.false


def test_expect_comments_inside_strings_are_not_expectations():
    source = 's = "# expect: JAX101"\nprint(s)  # missed: JAX101 (not found yet)\n'
    assert expected_lines(source) == {2: frozenset({"JAX101"})}


def test_an_expectation_found_only_as_info_counts_as_found_and_is_listed(tmp_path):
    case = _case(tmp_path, "purity", "005_v.py", "print(1)  # expect: JAX101\nprint(2)  # expect: JAX101\n")
    findings = [(str(case.path), 1, "JAX101", "info"), (str(case.path), 2, "JAX101", "error"), (str(case.path), 2, "JAX101", "info")]
    band = score([case], findings)["purity"]
    assert (band.found, band.missed, band.false) == (2, [], [])
    assert band.info == ["purity/005_v.py:1 JAX101"]
