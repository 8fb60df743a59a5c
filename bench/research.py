"""Precision, recall and speed of the linter on research repositories, against a reviewed truth.

    python bench/research.py DIR [--jobs 2] [--repo NAME ...] [--json OUT] [--show all|new|none]
    python bench/research.py DIR --clone      # git clone each repository at its commit into DIR

DIR holds one checkout per repository of ``research_repos.toml`` (DIR/<name>, at the listed
commit). For every repository the linter (``jaxcheck.api``, default rules, no cache) and a
single-process libcst parse-only of the same files run in fresh processes, and the findings
are compared with ``research_truth.toml``:

- an entry with ``verdict = "true" | "justified" | "false"`` is a reviewed finding, matched by
  path, line and ``code`` (or ``family``, a band such as ``"JAX4xx"``);
- an entry with ``verdict = "miss"`` is a hazard found by reading the code that the linter did
  not report; a finding of its family on its line (or within ``end_line``) counts as found.

Precision = (true + justified) / reviewed findings. Recall = known hazards reported / known
hazards, where known hazards are the true/justified entries and the misses. Findings with no
entry are listed as unreviewed so that a change of the analysis shows what to review next.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pathlib
import subprocess
import sys
import tomllib

try:
    import jaxcheck
except ImportError:
    raise SystemExit("cannot import jaxcheck: set PYTHONPATH to a jaxcheck checkout or install it") from None

from bench_lint import PARSE_ONLY  # the same parse-only timing as the library-code benchmark

# Parse-only again, printing its CPU seconds after its wall seconds.
_CLOCKS = "(time.perf_counter(), time.process_time())"
PARSE_ONLY_CPU = PARSE_ONLY.replace("time.perf_counter()", _CLOCKS).replace(
    f"print({_CLOCKS} - start)",
    "print(*(now - then for now, then in zip((time.perf_counter(), time.process_time()), start)))",
)
assert PARSE_ONLY_CPU.count("process_time") == 2, "bench_lint.PARSE_ONLY changed: update PARSE_ONLY_CPU"

HERE = pathlib.Path(__file__).resolve().parent
PACKAGE_ROOT = pathlib.Path(jaxcheck.__file__).resolve().parent.parent
REVIEWED = ("true", "justified", "false")
VERDICTS = REVIEWED + ("miss",)

LINT_CHILD = """
import json, resource, sys, time
from jaxcheck import api
from jaxcheck.config import Config
import pathlib
root = pathlib.Path(sys.argv[1])
config = Config(root=root)
config.rules  # imports the rule modules: loading code is not timed, as libcst's import is not for parse-only
def cpu():
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime
start, start_cpu = time.perf_counter(), cpu()
result = api.check_paths([root], config, jobs=int(sys.argv[2]), use_cache=False)
elapsed, cpu_seconds = time.perf_counter() - start, cpu() - start_cpu
files, _ = api.discover([root], config)
print(json.dumps({
    "seconds": elapsed,
    "cpu_seconds": cpu_seconds,
    "files": [str(f) for f in files],
    "errors": [[e.path, e.message] for e in result.errors],
    "findings": [[d.path, d.line, d.column, d.code, d.message] for d in result.diagnostics],
}))
"""


@dataclasses.dataclass(frozen=True)
class Entry:
    path: str
    line: int
    verdict: str
    note: str
    code: str = ""
    family: str = ""
    end_line: int = 0

    def matches(self, path: str, line: int, code: str) -> bool:
        if path != self.path or not self.line <= line <= max(self.line, self.end_line):
            return False
        if self.code:
            return code == self.code
        return code.startswith(self.family.rstrip("x"))


@dataclasses.dataclass
class Finding:
    path: str
    line: int
    column: int
    code: str
    message: str
    entry: Entry | None = None


@dataclasses.dataclass
class RepoResult:
    name: str
    files: int
    lines: int
    lint_seconds: float
    parse_seconds: float
    lint_cpu: float  # the linter's processes together
    parse_cpu: float
    findings: list[Finding]
    entries: list[Entry]
    errors: list[list[str]]

    def count(self, verdict: str) -> int:
        return sum(1 for f in self.findings if f.entry is not None and _verdict(f.entry) == verdict)

    @property
    def reviewed(self) -> int:
        return sum(self.count(v) for v in REVIEWED)

    @property
    def unreviewed(self) -> list[Finding]:
        return [f for f in self.findings if f.entry is None]

    @property
    def known_hazards(self) -> list[Entry]:
        return [e for e in self.entries if e.verdict in ("true", "justified", "miss")]

    @property
    def hazards_found(self) -> list[Entry]:
        matched = {id(f.entry) for f in self.findings if f.entry is not None}
        return [e for e in self.known_hazards if id(e) in matched]

    @property
    def false_reported(self) -> list[Finding]:
        return [f for f in self.findings if f.entry is not None and f.entry.verdict == "false"]


def _verdict(entry: Entry) -> str:
    """A finding on a known miss is a true finding: the hazard was confirmed by reading the code."""
    return "true" if entry.verdict == "miss" else entry.verdict


def load_repos(path: pathlib.Path) -> list[dict]:
    repos = tomllib.loads(path.read_text())["repo"]
    for repo in repos:
        for key in ("name", "url", "commit", "why"):
            if key not in repo:
                raise SystemExit(f"{path}: a [[repo]] lacks `{key}`: {repo}")
    return repos


def load_truth(path: pathlib.Path, names: set[str]) -> dict[str, list[Entry]]:
    raw = tomllib.loads(path.read_text()) if path.exists() else {}
    truth: dict[str, list[Entry]] = {}
    for repo, entries in raw.items():
        if repo not in names:
            raise SystemExit(f"{path}: `{repo}` is not a repository of research_repos.toml")
        truth[repo] = []
        for item in entries:
            where = f"{path}: [{repo}] {item.get('path')}:{item.get('line')}"
            try:
                entry = Entry(**item)
            except TypeError as error:  # a missing or unknown key
                raise SystemExit(f"{where}: {error}") from None
            if entry.verdict not in VERDICTS:
                raise SystemExit(f"{where}: verdict is not one of {VERDICTS}")
            if not entry.code and not entry.family:
                raise SystemExit(f"{where}: give a `code` or a `family`")
            truth[repo].append(entry)
    return truth


def run_repo(name: str, checkout: pathlib.Path, entries: list[Entry], jobs: int) -> RepoResult:
    lint = json.loads(_run([sys.executable, "-c", LINT_CHILD, str(checkout.resolve()), str(jobs)]))
    files = lint["files"]
    parse_seconds, parse_cpu = 0.0, 0.0
    if files:
        parse_seconds, parse_cpu = map(float, _run([sys.executable, "-c", PARSE_ONLY_CPU, *files]).split())
    lines = sum(pathlib.Path(f).read_bytes().count(b"\n") for f in files)
    findings = []
    for path, line, column, code, message in lint["findings"]:
        relative = pathlib.Path(path).resolve().relative_to(checkout.resolve()).as_posix()
        finding = Finding(relative, line, column, code, message)
        matching = [e for e in entries if e.matches(relative, line, code)]
        # A reviewed entry for this very finding wins over a miss that covers the same lines.
        finding.entry = min(matching, key=lambda e: e.verdict == "miss", default=None)
        findings.append(finding)
    return RepoResult(
        name, len(files), lines, lint["seconds"], parse_seconds, lint["cpu_seconds"], parse_cpu,
        findings, entries, lint["errors"],
    )


def _run(command: list[str]) -> str:
    """Run a child in the directory holding the imported ``jaxcheck``, so that it imports the same one."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=PACKAGE_ROOT)
    if done.returncode != 0:
        raise SystemExit(f"the child process that imports {PACKAGE_ROOT / 'jaxcheck'} failed:\n{done.stderr}")
    return done.stdout


COLUMNS = (  # (title, width, how a group of repositories is summed)
    ("files", 6, lambda g: sum(r.files for r in g)),
    ("lines", 8, lambda g: sum(r.lines for r in g)),
    ("finds", 6, lambda g: sum(len(r.findings) for r in g)),
    ("revd", 5, lambda g: sum(r.reviewed for r in g)),
    ("true", 5, lambda g: sum(r.count("true") for r in g)),
    ("just", 5, lambda g: sum(r.count("justified") for r in g)),
    ("false", 6, lambda g: sum(r.count("false") for r in g)),
    ("known", 6, lambda g: sum(len(r.known_hazards) for r in g)),
    ("found", 6, lambda g: sum(len(r.hazards_found) for r in g)),
    ("new", 5, lambda g: sum(len(r.unreviewed) for r in g)),
    ("lint s", 8, lambda g: round(sum(r.lint_seconds for r in g), 2)),
    ("parse s", 8, lambda g: round(sum(r.parse_seconds for r in g), 2)),
    ("lint cpu", 9, lambda g: round(sum(r.lint_cpu for r in g), 2)),
    ("parse cpu", 10, lambda g: round(sum(r.parse_cpu for r in g), 2)),
)


def print_table(results: list[RepoResult]) -> None:
    titles = "".join(f"{title:>{width}}" for title, width, _ in COLUMNS)
    print(f"{'repository':<26}{titles}{'prec':>6}{'recall':>7}{'ratio':>7}{'cpu':>7}")
    for name, group in [(r.name, [r]) for r in results] + [("total", results)]:
        n = {title: total(group) for title, _, total in COLUMNS}
        ratio = f"{n['lint s'] / n['parse s']:.2f}x" if n["parse s"] else "-"
        cpu = f"{n['lint cpu'] / n['parse cpu']:.2f}x" if n["parse cpu"] else "-"
        print(
            f"{name:<26}" + "".join(f"{n[t]:>{w}}" for t, w, _ in COLUMNS)
            + f"{_percent(n['true'] + n['just'], n['revd']):>6}"
            + f"{_percent(n['found'], n['known']):>7}{ratio:>7}{cpu:>7}"
        )
    print(
        "prec = (true + justified) / reviewed; recall = known hazards reported / known hazards"
        " (true, justified, miss);\nratio = lint seconds / single-process libcst parse-only seconds;"
        " cpu = the same for CPU seconds\n(lint: all its processes), which a machine busy with other"
        " work disturbs less than wall seconds"
    )


def _percent(numerator: int, denominator: int) -> str:
    return f"{numerator / denominator:.0%}" if denominator else "-"


def print_lists(results: list[RepoResult], show: str) -> None:
    for r in results:
        for error in r.errors:
            print(f"CRASH/ERROR {r.name}: {error[0]}: {error[1]}")
    sections = [
        ("unreviewed findings (add them to research_truth.toml)", lambda r: list(map(_line, r.unreviewed))),
    ]
    if show == "all":
        sections += [
            ("false findings still reported", lambda r: [_line(f, f.entry.note) for f in r.false_reported]),
            ("known hazards not reported", lambda r: [
                f"{e.path}:{e.line}: {e.code or e.family} {e.note}"
                for e in r.known_hazards if e not in r.hazards_found
            ]),
        ]
    if show == "none":
        return
    for title, lister in sections:
        print(f"\n{title}:")
        for r in results:
            for text in lister(r):
                print(f"  {r.name}/{text}")


def _line(finding: Finding, note: str = "") -> str:
    text = f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}"
    return f"{text}\n      ({note})" if note else text


def clone(repos: list[dict], directory: pathlib.Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for repo in repos:
        target = directory / repo["name"]
        if not target.exists():
            subprocess.run(["git", "clone", "--quiet", repo["url"], str(target)], check=True)
        subprocess.run(["git", "-C", str(target), "checkout", "--quiet", repo["commit"]], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--repos", type=pathlib.Path, default=HERE / "research_repos.toml")
    parser.add_argument("--truth", type=pathlib.Path, default=HERE / "research_truth.toml")
    parser.add_argument("--repo", action="append", help="only this repository (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="linter worker processes (default 2)")
    parser.add_argument("--show", choices=("all", "new", "none"), default="all")
    parser.add_argument("--json", type=pathlib.Path, help="also write every finding with its verdict here")
    parser.add_argument("--clone", action="store_true", help="git clone the repositories into DIR first")
    args = parser.parse_args()

    repos = load_repos(args.repos)
    if args.clone:
        clone(repos, args.directory)
    truth = load_truth(args.truth, {r["name"] for r in repos})
    chosen = [r for r in repos if not args.repo or r["name"] in args.repo]
    missing = [r["name"] for r in chosen if not (args.directory / r["name"]).is_dir()]
    if missing:
        print(f"not in {args.directory} (use --clone): {', '.join(missing)}", file=sys.stderr)
    results = [
        run_repo(r["name"], args.directory / r["name"], truth.get(r["name"], []), args.jobs)
        for r in chosen if r["name"] not in missing
    ]
    print_table(results)
    print_lists(results, args.show)
    if args.json:
        args.json.write_text(json.dumps([
            {"repo": r.name, "path": f.path, "line": f.line, "code": f.code, "message": f.message,
             "verdict": _verdict(f.entry) if f.entry else None}
            for r in results for f in r.findings
        ], indent=1))
    return 2 if any(r.errors for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
