"""How many findings in the code that research repositories' own tests and scripts reach get a
verdict (confirmed or refuted) from `jaxcheck run`, the pytest plugin, then `jaxcheck validate`.

    python bench/bench_verdicts.py DIR --python VENV/bin/python [--repo NAME ...] [--out FILE]

DIR holds the checkouts of ``research_repos.toml`` (DIR/<name>, at the commit listed there and
printed here). For each repository below, its runs (test files under the plugin, or scripts
under ``jaxcheck run`` with tiny settings; CPU only) execute with the repository's interpreter
(``--python``). Then:

- a finding is *reached* when a run executed its line or the function holding it (traced or
  not), or a jit applied at its line compiled: what the run JSON calls ``reached``;
- reached findings without a verdict from the runs go to ``jaxcheck validate --python``;
- printed per repository: findings, reached, verdicts by source, the share with a verdict, each
  reached finding left without one with the reason, and each finding of the files that ran that
  no run reached, with what the runs showed.

The target (issue acceptance): >= 70 % of the reached findings get a verdict.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]

# What runs in each repository: ("pytest", test paths...) or ("run", script, args...). Chosen
# where the tests or scripts reach code with findings and run on CPU in minutes; why in `note`.
REPOS: dict[str, dict] = {
    "JaxMARL": {
        "pythonpath": ["."],
        "runs": [
            ("pytest", "tests/storm", "tests/overcooked_v2/test_overcooked_v2_rand_acts.py", "tests/jaxnav",
             "tests/overcooked", "tests/coin_game"),
        ],
        "note": "environment tests (random rollouts); tests/mpe needs mpe2 (not on PyPI for this jax); "
                "the baselines' training tests take hours on CPU",
    },
    "jaxued": {
        "pythonpath": ["src"],
        "runs": [
            ("run", "examples/gymnax/gymnax_plr.py", "--num_updates", "2", "--num_steps", "8", "--num_train_envs", "2",
             "--num_minibatches", "1", "--epoch_ppo", "1", "--eval_freq", "1", "--eval_num_attempts", "1",
             "--num_repeats", "1", "--level_buffer_capacity", "8", "--env", "cartpole", "--no-use_rnn"),
            ("pytest", "tests/test_examples_kinda.py"),
        ],
        "note": "the gymnax PLR example with tiny settings (WANDB_MODE=disabled), and the repository's example tests",
    },
    "nanodo": {
        "pythonpath": ["."],
        "runs": [("pytest", "tests/model_test.py", "tests/optimizer_test.py")],
        "note": "model and optimizer tests",
    },
    "chemtrain": {
        "pythonpath": ["."],
        "runs": [],
        "note": "its tests import `jax.tree_map` (gone in jax 0.10) and mdtraj: not collectable; its findings are "
                "in chemtrain/deploy, which no test or script of the repository imports",
    },
    "cleanrl": {
        "pythonpath": ["."],
        "runs": [],
        "note": "its findings are in ppo_atari_envpool_xla_jax.py, which needs envpool and Atari ROMs: not runnable here",
    },
    "xland-minigrid": {
        "pythonpath": ["src"],
        "runs": [],
        "note": "its finding is in training/train_meta_task.py, which downloads a benchmark: not runnable offline",
    },
}


def _environment(repo: pathlib.Path, spec: dict) -> dict[str, str]:
    paths = [str(ROOT)] + [str(repo / p) for p in spec["pythonpath"]]
    return {**os.environ, "JAX_PLATFORMS": "cpu", "WANDB_MODE": "disabled", "PYTHONPATH": os.pathsep.join(paths)}


def _run(repo: pathlib.Path, spec: dict, python: str, run: tuple, report: pathlib.Path) -> tuple[float, int, str]:
    if run[0] == "pytest":
        command = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:jaxcheck", "-p",
                   "jaxcheck.runtime.pytest_plugin", "--jaxcheck", "--jaxcheck-json", str(report), *run[1:]]
    else:
        command = [python, "-m", "jaxcheck", "run", "--format", "json", "--report", str(report), *run[1:]]
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=repo, env=_environment(repo, spec), capture_output=True, text=True, timeout=3600)
    return time.perf_counter() - started, completed.returncode, (completed.stdout + completed.stderr)[-3000:]


def _key(path: str, line: int, code: str) -> tuple[str, int, str]:
    return str(pathlib.Path(path).resolve()), line, code


def _findings_and_reach(kind: str, report: dict) -> tuple[list[dict], set[tuple]]:
    """Judged findings of the files that ran, and the keys of those the run reached."""
    if kind == "pytest":
        findings = report.get("findings_in_files_that_ran", [])
        return findings, {_key(d["path"], d["line"], d["code"]) for d in findings if d.get("reached")}
    return report.get("diagnostics", []), {_key(d["path"], d["line"], d["code"]) for d in report.get("reached", [])}


def _validate(repo: pathlib.Path, spec: dict, python: str, files: list[str]) -> dict[tuple, dict]:
    command = [sys.executable, "-m", "jaxcheck", "validate", "--format", "json", "--python", python, "--timeout", "120", *files]
    completed = subprocess.run(command, cwd=repo, env=_environment(repo, spec), capture_output=True, text=True, timeout=3600)
    try:
        data = json.loads(completed.stdout)
    except ValueError:
        print("  validate failed:", completed.stderr[-1000:])
        return {}
    return {_key(d["path"], d["line"], d["code"]): d.get("validation", {}) for d in data["diagnostics"]}


def _static(repo: pathlib.Path) -> list[dict]:
    command = [sys.executable, "-m", "jaxcheck", "check", "--format", "json", "--no-cache", str(repo)]
    completed = subprocess.run(command, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True)
    return json.loads(completed.stdout)["diagnostics"]


def measure(repo: pathlib.Path, spec: dict, python: str) -> dict:
    static = {_key(d["path"], d["line"], d["code"]): d for d in _static(repo)}
    best: dict[tuple, dict] = {}
    reached: set[tuple] = set()
    ran_files: set[str] = set()
    runs = []
    for run in spec["runs"]:
        with tempfile.TemporaryDirectory() as directory:
            report_path = pathlib.Path(directory, "report.json")
            seconds, status, tail = _run(repo, spec, python, run, report_path)
            report = json.loads(report_path.read_text()) if report_path.exists() else {}
        runs.append({"run": " ".join(run), "seconds": round(seconds, 1), "status": status, "tail": tail if not report else ""})
        findings, touched = _findings_and_reach(run[0], report)
        reached |= touched
        for finding in findings:
            key = _key(finding["path"], finding["line"], finding["code"])
            ran_files.add(key[0])
            status_now = finding.get("validation", {}).get("status")
            if status_now in ("confirmed", "refuted") or key not in best:
                best[key] = {**finding, "source": "tests" if run[0] == "pytest" else "run"}
    pending = sorted({k[0] for k in reached if best.get(k, {}).get("validation", {}).get("status") not in ("confirmed", "refuted")})
    validated = _validate(repo, spec, python, pending) if pending else {}
    sources: collections.Counter[str] = collections.Counter()
    rest = []
    for key in sorted(reached):
        verdict = best.get(key, {}).get("validation", {})
        if verdict.get("status") in ("confirmed", "refuted"):
            sources[f"{best[key]['source']}: {verdict['status']}"] += 1
            continue
        checked = validated.get(key, {})
        if checked.get("status") in ("confirmed", "refuted"):
            sources[f"validate: {checked['status']}"] += 1
            continue
        rest.append((key, verdict.get("evidence", ""), checked.get("evidence", "not validated")))
    return {
        "findings": len(static), "in_files_that_ran": len([k for k in static if k[0] in ran_files]),
        "reached": len(reached), "verdicts": sum(sources.values()), "sources": dict(sources), "runs": runs,
        "rest": [{"finding": f"{os.path.relpath(k[0], repo)}:{k[1]} {k[2]}", "run": r, "validate": v} for k, r, v in rest],
        "not_reached": [
            {"finding": f"{os.path.relpath(k[0], repo)}:{k[1]} {k[2]}", "run": best[k].get("validation", {}).get("evidence", "")}
            for k in sorted(best) if k not in reached
        ],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=pathlib.Path)
    parser.add_argument("--python", required=True, help="the interpreter with the repositories' dependencies")
    parser.add_argument("--repo", action="append", help="only these repositories")
    parser.add_argument("--out", type=pathlib.Path, help="write the results as JSON")
    args = parser.parse_args()
    commits = {r["name"]: r["commit"] for r in tomllib.loads((ROOT / "bench" / "research_repos.toml").read_text())["repo"]}
    results = {}
    for name, spec in REPOS.items():
        if args.repo and name not in args.repo:
            continue
        repo = args.dir / name
        result = results[name] = measure(repo.resolve(), spec, args.python)
        share = 100 * result["verdicts"] / result["reached"] if result["reached"] else float("nan")
        print(f"{name} @ {commits.get(name, '?')[:12]}: {spec['note']}")
        for run in result["runs"]:
            print(f"  {run['run']}: exit {run['status']} after {run['seconds']} s{(' ' + run['tail'][-300:]) if run['tail'] else ''}")
        print(
            f"  findings {result['findings']}, in files that ran {result['in_files_that_ran']}, reached {result['reached']}, "
            f"with a verdict {result['verdicts']} ({share:.0f}%): {result['sources']}"
        )
        for item in result["rest"]:
            print(f"  no verdict: {item['finding']}: run: {item['run'][:160]} | validate: {item['validate'][:200]}")
        for item in result["not_reached"]:
            print(f"  not reached: {item['finding']}: {item['run'][:160]}")
    reached = sum(r["reached"] for r in results.values())
    verdicts = sum(r["verdicts"] for r in results.values())
    print(f"all: reached {reached}, with a verdict {verdicts} ({100 * verdicts / max(reached, 1):.0f}%)")
    if args.out:
        args.out.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
