"""The regression corpus: hazards rebuilt from public reports, and clean look-alikes.

A case is a module ``tests/regression/<band>/NNN_short_name.py`` (clean look-alikes end in
``_clean.py``), or a directory ``<band>/NNN_short_name/`` of modules that import each other
(a hazard in a helper module reached from a jitted function in another), whose ``main.py``
holds the docstring and ``run()``. Its docstring names the report it comes from and holds one line
``Observed on jax 0.10.x: OUTCOME`` recorded by running it; its ``run()`` function reproduces
that outcome. The line that a rule should report carries ``# expect: JAX201`` (a comma list
means any of those codes counts). See README.md beside this file for the outcome grammar.

This module reads cases and scores linter findings against them; it imports no JAX and runs no
case (the ground-truth runner does that in a subprocess).
"""

from __future__ import annotations

import io
import pathlib
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parent
BANDS = ("purity", "tracing", "static_args", "recompilation", "prng", "unroll")
BASELINE = ROOT / "baseline.txt"

_CASE_NAME = re.compile(r"^\d{3,4}_\w+\.py$")
_CASE_DIRECTORY = re.compile(r"^\d{3,4}_\w+$")
MAIN = "main.py"  # the module of a multi-file case that holds its docstring and run()
# `# missed: JAX501 (why)` is the spelling of some cases for an expectation known to be missed.
_EXPECT = re.compile(r"#\s*(?:expect|missed):\s*(JAX\d{3}(?:\s*,\s*JAX\d{3})*)")
_OBSERVED = re.compile(r"^\s*Observed on jax [0-9.x]+:\s*(?P<outcome>.+?)\s*$", re.MULTILINE)
_RAISES = re.compile(r"\braises (?P<error>[A-Za-z_][\w.]*)")
_COMPILES = re.compile(r"(?P<function>\S+) compiled (?P<count>\d+) times?\b")
_EFFECT = re.compile(r"\b(?P<seen>\d+) of (?P<calls>\d+) calls\b")


class CaseFormatError(ValueError):
    """A case file that does not follow the format; the message names the file and the fix."""


@dataclass(frozen=True)
class Outcome:
    """What running a case on jax showed: an exception, compile counts, or an effect count."""

    raises: str | None = None
    compiles: tuple[tuple[str, int], ...] = ()
    effect: int | None = None  # run() returns how many of its calls showed the effect

    @classmethod
    def parse(cls, text: str) -> "Outcome":
        raises = _RAISES.search(text)
        effect = _EFFECT.search(text)
        return cls(
            raises=raises.group("error").rsplit(".", 1)[-1] if raises else None,
            compiles=tuple((m.group("function"), int(m.group("count"))) for m in _COMPILES.finditer(text)),
            effect=int(effect.group("seen")) if effect else None,
        )


@dataclass(frozen=True)
class Case:
    path: pathlib.Path
    band: str
    observed: str | None  # None: a file in another layout, scored by the linter bench only
    expectations: dict[int, frozenset[str]] = field(hash=False)
    directory: pathlib.Path | None = None  # the multi-file case this module is part of

    @property
    def clean(self) -> bool:
        return is_clean(self.path)

    @property
    def name(self) -> str:
        inside = f"{self.directory.name}/" if self.directory is not None else ""
        return f"{self.band}/{inside}{self.path.name}"

    @property
    def counts_as_case(self) -> bool:
        """False for the helper modules of a multi-file case (its main.py stands for it)."""
        return self.directory is None or self.path.name == MAIN

    @property
    def outcome(self) -> Outcome:
        return Outcome.parse(self.observed or "")


def is_clean(path: pathlib.Path) -> bool:
    def clean_name(name: str) -> bool:
        return name.endswith("_clean") or name.startswith("clean_")

    in_case_directory = _CASE_DIRECTORY.match(path.parent.name) is not None
    return clean_name(path.stem) or (in_case_directory and clean_name(path.parent.name))


def discover(root: pathlib.Path = ROOT) -> list[Case]:
    """Every case under ``root``'s band folders, sorted; a malformed one raises CaseFormatError.

    Files named ``NNN_name.py`` must follow the format in README.md. Other modules in a band
    folder (a ``clean_`` prefix marks a look-alike) are scored by the linter bench, and the
    ground-truth test reports them as lacking a recorded outcome.
    """
    found = []
    for band in BANDS:
        for path in sorted((root / band).glob("*")):
            if path.is_dir() and _CASE_DIRECTORY.match(path.name):
                found.extend(read_case_directory(path, band))
            elif path.suffix != ".py":
                continue
            elif _CASE_NAME.match(path.name):
                found.append(read_case(path, band))
            elif not path.name.startswith(("test_", "_")):
                source = path.read_text(encoding="utf-8")
                found.append(Case(path, band, None, _checked_expectations(path, source)))
    return found


def read_case(path: pathlib.Path, band: str) -> Case:
    source = path.read_text(encoding="utf-8")
    return Case(path, band, _observed(path, source), _checked_expectations(path, source))


def _observed(path: pathlib.Path, source: str) -> str:
    observed = _OBSERVED.search(source)
    if observed is None:
        raise CaseFormatError(f"{path}: no 'Observed on jax 0.10.x: ...' line in the docstring")
    outcome = Outcome.parse(observed.group("outcome"))
    if outcome == Outcome() and "runs" not in observed.group("outcome"):
        raise CaseFormatError(
            f"{path}: the observed outcome says neither 'raises', 'compiled', 'N of M calls' nor 'runs'"
        )
    return observed.group("outcome")


def read_case_directory(directory: pathlib.Path, band: str) -> list[Case]:
    """A multi-file case: ``main.py`` read as a case, every other module as a part of it."""
    main = directory / MAIN
    if not main.is_file():
        raise CaseFormatError(f"{directory}: a multi-file case needs a {MAIN} with the docstring and run()")
    parts = []
    for path in sorted(directory.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        observed = _observed(path, source) if path == main else None
        parts.append(Case(path, band, observed, expected_lines(source), directory))
    has_expectations = any(part.expectations for part in parts)
    if is_clean(main) and has_expectations:
        raise CaseFormatError(f"{directory}: a clean look-alike carries '# expect:' comments")
    if not is_clean(main) and not has_expectations:
        raise CaseFormatError(f"{directory}: no '# expect: JAXnnn' comment in any of its modules")
    return parts


def _checked_expectations(path: pathlib.Path, source: str) -> dict[int, frozenset[str]]:
    expectations = expected_lines(source)
    clean = is_clean(path)
    if clean and expectations:
        raise CaseFormatError(f"{path}: a clean look-alike carries '# expect:' comments")
    if not clean and not expectations:
        raise CaseFormatError(f"{path}: no '# expect: JAXnnn' comment on the offending line")
    return expectations


def expected_lines(source: str) -> dict[int, frozenset[str]]:
    """Line number → codes any one of which counts, from ``# expect:`` comments."""
    expectations: dict[int, frozenset[str]] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            match = _EXPECT.search(token.string)
            if match:
                codes = frozenset(c.strip() for c in match.group(1).split(","))
                expectations[token.start[0]] = codes
    return expectations


# -- scoring -----------------------------------------------------------------------------------


@dataclass
class BandScore:
    cases: int = 0
    clean: int = 0
    expected: int = 0
    found: int = 0
    missed: list[str] = field(default_factory=list)  # "band/file.py:LINE CODES"
    false: list[str] = field(default_factory=list)  # "band/file.py:LINE CODE"
    # Found, but only as `info` findings, which the default output leaves out: "band/file.py:LINE CODES"
    info: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        reported = self.found + len(self.false)
        return self.found / reported if reported else 1.0

    def add(self, other: "BandScore") -> None:
        self.cases += other.cases
        self.clean += other.clean
        self.expected += other.expected
        self.found += other.found
        self.missed += other.missed
        self.false += other.false
        self.info += other.info


def score(cases: Iterable[Case], findings: Iterable[tuple]) -> dict[str, BandScore]:
    """Score ``(path, line, code)`` or ``(path, line, code, severity)`` findings against the
    cases' expectations, per band.

    An expectation is found when some finding on its line has one of its codes (when all of
    those are `info`, it is listed in ``info`` too); every other finding in a case file is false
    (in a clean file, every finding is), `info` or not.
    """
    by_path: dict[pathlib.Path, list[tuple[int, str]]] = {}
    info: set[tuple[pathlib.Path, int, str]] = set()
    shown: set[tuple[pathlib.Path, int, str]] = set()
    for path, line, code, *severity in findings:
        resolved = pathlib.Path(path).resolve()
        by_path.setdefault(resolved, []).append((line, code))
        (info if severity == ["info"] else shown).add((resolved, line, code))
    scores: dict[str, BandScore] = {}
    for case in cases:
        band = scores.setdefault(case.band, BandScore())
        band.cases += case.counts_as_case
        band.clean += case.clean and case.counts_as_case
        reported = sorted(set(by_path.get(case.path.resolve(), [])))
        for line, codes in sorted(case.expectations.items()):
            band.expected += 1
            if any(at == line and code in codes for at, code in reported):
                band.found += 1
                where = case.path.resolve()
                if not any((where, line, code) in shown for code in codes):
                    band.info.append(f"{case.name}:{line} {','.join(sorted(codes))}")
            else:
                band.missed.append(f"{case.name}:{line} {','.join(sorted(codes))}")
        for line, code in reported:
            if code not in case.expectations.get(line, ()):
                band.false.append(f"{case.name}:{line} {code}")
    return scores


def lint(cases: Iterable[Case]) -> list[tuple[str, int, str, str]]:
    """The linter's findings on the case files, as ``(path, line, code, severity)``, default
    settings with the `info` findings shown (see :class:`BandScore`'s ``info``)."""
    from jaxcheck import api
    from jaxcheck.config import Config

    result = api.check_paths([c.path for c in cases], Config(root=ROOT, show_info=True), jobs=1)
    problems = [f"{e.path}: {e.message}" for e in result.errors]
    if problems:
        raise CaseFormatError("the linter could not check: " + "; ".join(problems))
    return [(d.path, d.line, d.code, d.severity) for d in result.diagnostics]


def total(scores: dict[str, BandScore]) -> BandScore:
    overall = BandScore()
    for band in scores.values():
        overall.add(band)
    return overall


def baseline_entries(scores: dict[str, BandScore]) -> list[str]:
    """The lines of a baseline file for these scores: every miss and every false finding."""
    entries = [f"miss {m}" for s in scores.values() for m in s.missed]
    entries += [f"false {f}" for s in scores.values() for f in s.false]
    return sorted(entries)


def read_baseline(path: pathlib.Path = BASELINE) -> set[str]:
    if not path.exists():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")}


def write_baseline(entries: list[str], path: pathlib.Path = BASELINE) -> None:
    header = (
        "# Misses and false findings of the linter on tests/regression that are known today.\n"
        "# tests/regression/test_linter_regression.py fails on any entry not listed here.\n"
        "# Rewrite with: python bench/regression.py --update-baseline\n"
    )
    path.write_text(header + "".join(f"{e}\n" for e in entries), encoding="utf-8")
