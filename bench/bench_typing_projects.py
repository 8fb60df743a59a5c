"""Type-check three or four JAX projects with basedpyright, mypy and mypy with the jaxcheck
plugin, each without and with the generated jax stubs, and class every message that changes.

    python bench/bench_typing_projects.py run --corpus DIR --label after [--modes stubs,nostubs]
        [--tools basedpyright,mypy,mypy-plugin] [--projects ott,penzai,blackjax,dynamax]
    python bench/bench_typing_projects.py compare --runs DIR/runs --before base --after after

``run`` generates the stubs for this interpreter's jax with this checkout's jaxcheck into
``DIR/stubs/<label>``, makes a throwaway environment per mode whose import path is this
interpreter's (with the stubs first for ``stubs``), and writes one JSON counter of messages
(``path:line: text``) per run into ``DIR/runs``. ``DIR`` holds the projects' checkouts
(``ott``, ``penzai``, ``blackjax``, ``dynamax``). ``compare`` prints, for each pair of runs that
should differ only by the stubs or only by the plugin, every message only one run prints,
with its class (see ``CLASSES``), and then the checks either part catches alone that the two
together lose.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
# name: (checkout directory, import root inside it, checked paths inside it)
PROJECTS = {
    "ott": ("ott", "src", ["src/ott", "tests"]),
    "penzai": ("penzai", ".", ["penzai", "tests"]),
    "blackjax": ("blackjax", ".", ["blackjax", "tests"]),
    "dynamax": ("dynamax", ".", ["dynamax"]),
}
_MYPY_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<severity>error|note): (?P<text>.*)$")

# Each changed message is read; these patterns record the reading (first match wins).
#   code's: the checker's own inference of the code: it reports the same line for the code
#     with the transformation removed (measured with basedpyright 1.40, with and without stubs);
#   false: code that runs, reasonably annotated;
#   true: the code disagrees with a declaration, as a direct call reports.
CODES = [
    (r"neuraldual\.py:(279|288|316|356|364|385|388):", "code's: basedpyright's own inference of ott's unannotated `step_fn` (a union of tuples of 6, 3 or 2 items unpacked into 6 or 3 names); without `@jax.jit` basedpyright reports these 7 lines with or without the stubs"),
    (r"deprecated/v1/toolshed/basic_training\.py:330:", "code's: mypy types `compute_updates_fn` by its first assignment (the jitted function in one branch) and rejects the plain function of the other; reported without the stubs too"),
    (r"test_trajectory\.py:145:", "code's: basedpyright types each name unpacked from blackjax's generator over five different functions as their union and checks each call against every member; with `x` for `jax.jit(x)` it reports the same 4 messages"),
]
FALSE = [
    (r"matrix_square_root_test\.py:202:", "false: a Python float given to `x: jnp.ndarray` under jax.grad, which hands the function a tracer"),
]
TRUE = [
    (r"(costs_test\.py|legendre_test\.py|_velocity_from_brenier_potential\.py|costs\.py:258)", "true: ott declares transport_map/h_transform/legendre as returning Callable[[A, B(, C)], R]; the implementations take one required argument"),
    (r"(mmsinkhorn_test|sinkhorn_diff_test|graph_test\.py:283|k_means_test|univariate_test\.py:180|lr_kernel_test|costs\.py:640|ot_dataloader|semidiscrete_dataloader|discrete_barycenter|implicit_differentiation|gradient_checkpointing|test_svgd|continuous_barycenter_test\.py:171)", "true: an argument disagrees with the called function's declaration, as a direct call reports"),
    (r"(Incompatible return value type \(got \"Array\", expected \"float\"\)|variable has type \"float\"\)|center_shift|monge_gap\.py:419|basic_training\.py:138|fit_gmm\.py:16)", "true: a declared result disagrees with what is returned once jax's own result types are seen"),
    (r"(Argument 2 to \"norm\")", "true: ott's own `norm(ord: int | str | None)` given a float"),
    (r"(None\"|\| None|has no attribute|__setitem__|PointCloud|BCOO|indexable|Sized)", "true: a declared Optional/union result or attribute used without narrowing, or stored in a list inferred as list[None]"),
]
REWORDED = "unchanged-noise: the same place and error, reworded"


def _environment(work: Path, name: str, first: list[Path]) -> Path:
    directory = work / "envs" / name
    if not (directory / "bin" / "python").exists():
        venv.EnvBuilder(with_pip=False, symlinks=True, clear=True).create(directory)
    own = {str(REPOSITORY), "/work/main"}
    paths = [str(p) for p in first] + [p for p in sys.path if p and Path(p).is_dir() and p not in own]
    purelib = sysconfig.get_path("purelib", vars={"base": str(directory), "platbase": str(directory)})
    Path(purelib).mkdir(parents=True, exist_ok=True)
    (Path(purelib) / "paths.pth").write_text("\n".join(paths) + "\n")
    return directory / "bin" / "python"


def _pyright(python: Path, corpus: Path, project: str, work: Path) -> collections.Counter[str]:
    directory, root, targets = PROJECTS[project]
    base = corpus / directory
    config = {
        "typeCheckingMode": "standard", "pythonVersion": "3.11",
        "include": [str(base / t) for t in targets], "extraPaths": [str(base / root)],
        "reportMissingModuleSource": False,
    }
    work.mkdir(parents=True, exist_ok=True)
    (work / "pyrightconfig.json").write_text(json.dumps(config))
    basedpyright = Path(sys.executable).parent / "basedpyright"
    result = subprocess.run(
        [str(basedpyright), "--outputjson", "--pythonpath", str(python), "-p", str(work)],
        capture_output=True, text=True,
    )
    out: collections.Counter[str] = collections.Counter()
    for diagnostic in json.loads(result.stdout)["generalDiagnostics"]:
        if diagnostic["severity"] not in ("error", "warning"):
            continue
        path = Path(diagnostic["file"]).resolve().relative_to(base.resolve())
        text = " ".join(diagnostic["message"].split())
        out[f"{path}:{diagnostic['range']['start']['line'] + 1}: {text} ({diagnostic.get('rule', '')})"] += 1
    return out


def _mypy(python: Path, corpus: Path, project: str, work: Path, plugin: bool) -> collections.Counter[str]:
    directory, root, targets = PROJECTS[project]
    base = corpus / directory
    work.mkdir(parents=True, exist_ok=True)
    config = work / "mypy.ini"
    config.write_text("[mypy]\n" + ("plugins = jaxcheck.mypy\n" if plugin else "") + "ignore_missing_imports = True\n")
    command = [
        sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir", str(work / "cache"),
        "--python-executable", str(python), "--show-error-codes", "--no-error-summary",
        "--hide-error-context", "--no-pretty", "--follow-imports=silent", "--explicit-package-bases", *targets,
    ]
    env = {**os.environ, "PYTHONPATH": str(REPOSITORY), "MYPYPATH": str(base / root)}
    result = subprocess.run(command, capture_output=True, text=True, cwd=base, env=env)
    if result.returncode == 2 or "INTERNAL ERROR" in result.stdout + result.stderr:
        raise SystemExit(f"mypy failed on {project}: {result.stdout[-3000:]}{result.stderr[-3000:]}")
    out: collections.Counter[str] = collections.Counter()
    for line in result.stdout.splitlines():
        match = _MYPY_LINE.match(line)
        if match and match["severity"] == "error":
            out[f"{match['path']}:{match['line']}: {match['text']}"] += 1
    return out


def run(corpus: Path, work: Path, label: str, modes: list[str], tools: list[str], projects: list[str]) -> None:
    stubs = work / "stubs" / label
    subprocess.run(
        [sys.executable, "-m", "jaxcheck.stubs", "generate", "--output", str(stubs / "jax-stubs")],
        check=True, env={**os.environ, "PYTHONPATH": str(REPOSITORY)},
    )
    runs = work / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    for mode in modes:
        python = _environment(work, f"{label}-{mode}", [stubs] if mode == "stubs" else [])
        for project in projects:
            for tool in tools:
                scratch = work / "work" / f"{label}-{mode}-{tool}-{project}"
                if tool == "basedpyright":
                    messages = _pyright(python, corpus, project, scratch)
                else:
                    messages = _mypy(python, corpus, project, scratch, plugin=tool == "mypy-plugin")
                (runs / f"{label}-{mode}-{tool}-{project}.json").write_text(json.dumps(messages, indent=0, sort_keys=True))
                print(label, mode, tool, project, sum(messages.values()), flush=True)


def _place(message: str) -> str:
    return message.split(": ", 1)[0]


def classify(message: str, reworded: bool) -> str:
    for pattern, reading in CODES + FALSE:
        if re.search(pattern, message):
            return reading
    if reworded:
        return REWORDED
    for pattern, reading in TRUE:
        if re.search(pattern, message):
            return reading
    return "UNCLASSIFIED"


def compare(runs: Path, before: dict[str, str], after: dict[str, str], projects: list[str]) -> None:
    """``before``/``after``: run configuration (``stubs-mypy``, ...) → label of its runs."""
    def load(label: str, configuration: str, project: str) -> collections.Counter[str]:
        return collections.Counter(json.loads((runs / f"{label}-{configuration}-{project}.json").read_text()))

    pairs = [
        ("basedpyright, without -> with stubs", "nostubs-basedpyright", "stubs-basedpyright"),
        ("mypy, without -> with stubs", "nostubs-mypy", "stubs-mypy"),
        ("mypy+plugin, without -> with stubs", "nostubs-mypy-plugin", "stubs-mypy-plugin"),
        ("no stubs, mypy -> mypy+plugin", "nostubs-mypy", "nostubs-mypy-plugin"),
        ("stubs, mypy -> mypy+plugin", "stubs-mypy", "stubs-mypy-plugin"),
    ]
    for side, labels in (("before", before), ("after", after)):
        print(f"=== {side} ({', '.join(f'{k}: {v}' for k, v in sorted(labels.items()))})")
        for title, first, second in pairs:
            for project in projects:
                old, new = load(labels[first], first, project), load(labels[second], second, project)
                only_new, only_old = sorted((new - old).elements()), sorted((old - new).elements())
                gone = {_place(m) for m in only_old}
                classes: collections.Counter[str] = collections.Counter()
                lines = []
                for message in only_new:
                    reading = classify(message, _place(message) in gone)
                    classes[reading.split(":")[0]] += 1
                    lines.append(f"  + [{reading.split(':')[0]}] {message[:300]}  <{reading}>")
                new_places = {_place(m) for m in only_new}
                for message in only_old:
                    kind = "unchanged-noise" if _place(message) in new_places else "gone"
                    classes["only before: " + kind] += 1
                    lines.append(f"  - [{kind}] {message[:300]}")
                summary = ", ".join(f"{k} {v}" for k, v in sorted(classes.items()))
                print(f"{title} | {project} | {sum(old.values())} -> {sum(new.values())} | {summary}")
                print("\n".join(lines)) if lines else None
        for project in projects:
            plugin_alone = load(labels["nostubs-mypy-plugin"], "nostubs-mypy-plugin", project)
            stubs_alone = load(labels["stubs-mypy"], "stubs-mypy", project)
            both = load(labels["stubs-mypy-plugin"], "stubs-mypy-plugin", project)
            lost_plugin = [m for m in plugin_alone if "[jaxcheck-" in m and m not in both]
            both_places = {_place(m) for m in both}
            lost_stubs = [m for m in stubs_alone if _place(m) not in both_places and not classify(m, False).startswith("false")]
            print(
                f"never lost | {project} | checks of the plugin alone {sum(1 for m in plugin_alone if '[jaxcheck-' in m)}, "
                f"lost with the stubs {len(lost_plugin)} | lines the stubs alone report {len({_place(m) for m in stubs_alone})}, "
                f"without a message with stubs and plugin {len(lost_stubs)}"
            )
            for message in lost_plugin + lost_stubs:
                print("   lost:", message[:300])
    for configuration in sorted(after):
        for project in projects:
            old, new = load(before[configuration], configuration, project), load(after[configuration], configuration, project)
            if old != new:
                print(f"changed by this checkout | {configuration} | {project} | {sum(old.values())} -> {sum(new.values())}")
                for message in sorted((new - old).elements()):
                    print(f"  + [{classify(message, _place(message) in {_place(m) for m in old - new}).split(':')[0]}] {message[:300]}")
                for message in sorted((old - new).elements()):
                    print(f"  - {message[:300]}")


def _labels(text: str) -> dict[str, str]:
    """``stubs-mypy=final3,nostubs-mypy=base,...`` → mapping; a bare label applies to all six."""
    configurations = [f"{m}-{t}" for m in ("stubs", "nostubs") for t in ("basedpyright", "mypy", "mypy-plugin")]
    if "=" not in text:
        return dict.fromkeys(configurations, text)
    labels = dict(item.split("=", 1) for item in text.split(","))
    missing = set(configurations) - set(labels)
    if missing:
        raise SystemExit(f"no label for {sorted(missing)}")
    return labels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    running = commands.add_parser("run")
    running.add_argument("--corpus", type=Path, required=True)
    running.add_argument("--work", type=Path, help="where stubs, environments and runs go (default: CORPUS/..)")
    running.add_argument("--label", required=True)
    running.add_argument("--modes", default="stubs,nostubs")
    running.add_argument("--tools", default="basedpyright,mypy,mypy-plugin")
    running.add_argument("--projects", default="ott,penzai,blackjax,dynamax")
    comparing = commands.add_parser("compare")
    comparing.add_argument("--runs", type=Path, required=True)
    comparing.add_argument("--before", required=True, help="a label, or configuration=label,... for all six")
    comparing.add_argument("--after", required=True)
    comparing.add_argument("--projects", default="ott,penzai,blackjax,dynamax")
    arguments = parser.parse_args(argv)
    if arguments.command == "run":
        work = arguments.work or arguments.corpus.parent
        run(arguments.corpus, work, arguments.label, arguments.modes.split(","), arguments.tools.split(","), arguments.projects.split(","))
    else:
        compare(arguments.runs, _labels(arguments.before), _labels(arguments.after), arguments.projects.split(","))
    return 0


if __name__ == "__main__":
    sys.exit(main())
