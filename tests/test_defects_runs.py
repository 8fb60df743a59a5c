"""Runs that once ended badly: suppression in every front-end, exit statuses, interrupted and
killed runs, crashed workers, closed pipes, and damaged caches."""

from __future__ import annotations

import os

import pytest

from jaxcheck.api import check_source

JITTED_PRINT = "@jax.jit\ndef f(x):\n    print(x)\n    return x\n"


def test_per_file_ignores_hold_for_fixes_as_for_checks(tmp_path, monkeypatch):
    from jaxcheck.cli import main

    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\nper-file-ignores = { "step.py" = ["JAX101"] }\n')
    step = tmp_path / "step.py"
    step.write_text("import jax\n" + JITTED_PRINT)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--no-cache", "step.py"]) == 0
    assert main(["check", "--unsafe-fixes", "--diff", "step.py"]) == 0
    assert main(["check", "--unsafe-fixes", "--fix", "step.py"]) == 0
    assert step.read_text() == "import jax\n" + JITTED_PRINT


def test_unsafe_fixes_alone_rewrites_nothing(tmp_path, capsys):
    from jaxcheck.cli import main

    path = tmp_path / "step.py"
    path.write_text("import jax\n" + JITTED_PRINT)
    assert main(["check", "--no-cache", "--unsafe-fixes", str(path)]) == 1
    assert path.read_text() == "import jax\n" + JITTED_PRINT and "JAX101" in capsys.readouterr().out


def test_github_format_keeps_validation_results():
    import dataclasses

    from jaxcheck.api import CheckResult
    from jaxcheck.diagnostics import FileResult, Validation
    from jaxcheck.formats import FORMATS

    (finding,) = check_source("import jax\n" + JITTED_PRINT, "step.py").diagnostics
    validated = dataclasses.replace(finding, validation=Validation("confirmed", "printed 1 time in 3 calls", "cpu"))
    text = FORMATS["github"](CheckResult([FileResult("step.py", [validated])], 1))
    assert "[confirmed on cpu: printed 1 time in 3 calls]" in text


def test_tool_codes_are_documented_and_listed(capsys):
    from jaxcheck.cli import main

    assert main(["rule", "JAX001"]) == 0 and "unreadable-file" in capsys.readouterr().out
    main(["rules"])
    plain = capsys.readouterr().out
    main(["rules", "--all"])
    everything = capsys.readouterr().out
    assert "JAX002" in everything and "JAX002" not in plain and everything.endswith(plain)


def _run_cli(*args, cwd=None, **kwargs):
    import os
    import pathlib
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.Popen([sys.executable, "-m", "jaxcheck", *args], cwd=cwd, env=env, **kwargs)


def test_a_closed_pipe_ends_quietly():
    import subprocess

    process = _run_cli("rules", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # as `| head` does once it has its lines
    assert process.wait(timeout=60) == 141 and b"Traceback" not in process.stderr.read()


def test_a_crash_is_not_reported_as_findings(monkeypatch, capsys):
    from jaxcheck import api
    from jaxcheck.cli import EXIT_CRASH, main

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(api, "check_paths", broken)
    assert main(["check", "."]) == EXIT_CRASH != 1
    assert "internal error" in capsys.readouterr().err


def test_python_m_jaxcheck_does_not_import_from_the_current_directory(tmp_path):
    import subprocess

    (tmp_path / "difflib.py").write_text("raise SystemExit('imported from the current directory')\n")
    (tmp_path / "step.py").write_text("import jax\n" + JITTED_PRINT)
    process = _run_cli("check", "--no-cache", "step.py", cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1 and b"JAX101" in out, err


def test_a_worker_that_dies_costs_only_its_file(tmp_path, monkeypatch):
    import os
    import signal

    from jaxcheck import api, engine

    real = engine.check_bytes

    def check_bytes(path, data, options):
        if path.endswith("fatal.py"):
            os.kill(os.getpid(), signal.SIGKILL)  # as a fault in a native parser would end it
        return real(path, data, options)

    monkeypatch.setattr(engine, "check_bytes", check_bytes)
    padding = f'"""{"A module large enough to be worth a worker process. " * 100}"""\n'
    for index in range(20):
        (tmp_path / f"m{index}.py").write_text(padding + "import jax\n" + JITTED_PRINT)
    (tmp_path / "fatal.py").write_text("import jax\n")
    result = api.check_paths([tmp_path], jobs=2)
    (error,) = result.errors
    assert error.path.endswith("fatal.py") and error.code == "JAX002" and "crashed" in error.message
    assert len(result.diagnostics) == 20


def _slow_tree(tmp_path):
    slow = "import jax\nx = " + " + ".join(["a"] * 900) + "\n" + JITTED_PRINT  # about 1 s each
    for index in range(40):
        (tmp_path / f"m{index}.py").write_text(slow)


def _workers_of(pid: int) -> list[str]:
    """The child processes of ``pid``, once it has started them (they check the files)."""
    import pathlib
    import time

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        tasks = pathlib.Path(f"/proc/{pid}/task").iterdir()
        children = [child for task in tasks for child in (task / "children").read_text().split()]
        if len(children) >= 2:
            return children
        time.sleep(0.2)
    raise AssertionError("no workers started")


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc")
def test_ctrl_c_ends_a_parallel_run_at_once_without_a_traceback(tmp_path):
    import signal
    import subprocess
    import time

    _slow_tree(tmp_path)
    process = _run_cli(
        "check", "--no-cache", "-j", "2", str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        # as from a terminal: a suite started in the background (`cmd &`) ignores SIGINT, and
        # its children would inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    _workers_of(process.pid)
    process.send_signal(signal.SIGINT)
    start = time.perf_counter()
    _, err = process.communicate(timeout=30)
    # The whole run takes about 20 s on two workers; stopping within a few seconds (workers
    # may be importing jax when the signal comes, slower on a busy machine) is "at once".
    assert time.perf_counter() - start < 10
    assert process.returncode == 130 and b"Traceback" not in err, err


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc")
def test_workers_do_not_outlive_a_killed_run(tmp_path):
    import pathlib
    import signal
    import subprocess
    import time

    _slow_tree(tmp_path)
    process = _run_cli("check", "--no-cache", "-j", "2", str(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children = _workers_of(process.pid)
    process.send_signal(signal.SIGKILL)
    process.wait()

    def alive(pid: str) -> bool:
        stat = pathlib.Path(f"/proc/{pid}/stat")
        return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"

    deadline = time.monotonic() + 10  # a loaded machine may take a moment to deliver the signal
    while [pid for pid in children if alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in children if alive(pid)]


def _warm_cache(tmp_path):
    from jaxcheck.api import check_paths
    from jaxcheck.config import Config

    (tmp_path / "step.py").write_text("import jax\n" + JITTED_PRINT)
    config = Config(root=tmp_path)
    check_paths([tmp_path / "step.py"], config, use_cache=True)
    (cache_file,) = (tmp_path / ".jaxcheck_cache").glob("results-*.json")
    return config, cache_file


def _entries_rewritten(cache_file, change):
    import hashlib
    import json

    header, _, body = cache_file.read_bytes().partition(b"\n")
    entries = json.loads(body)
    change(next(iter(entries.values())), entries)
    body = json.dumps(entries).encode()
    stamp = {**json.loads(header), "sha256": hashlib.sha256(body).hexdigest()}
    cache_file.write_bytes(json.dumps(stamp).encode() + b"\n" + body)


@pytest.mark.parametrize(
    "change",
    [
        lambda entry, entries: entry.update(diagnostics="JAX101"),
        lambda entry, entries: entry.update(skipped=1, diagnostics=[]),
        lambda entry, entries: entry["diagnostics"][0].update(line="5"),
        lambda entry, entries: entry["diagnostics"][0].update(line=True),
        lambda entry, entries: entry["diagnostics"][0].update(column=-3),
        lambda entry, entries: entry["diagnostics"][0].update(fix={"title": 1, "safe": True, "edits": []}),
        lambda entry, entries: entry["diagnostics"][0].update(extra=1),
        lambda entry, entries: entry.update(error={"message": "x"}),
        lambda entry, entries: entry.update(skipped=True, diagnostics=[]),
        lambda entry, entries: entries.update({k: [[[[[[[[]]]]]]]] * 3 for k in list(entries)}),
    ],
)
def test_a_bad_cache_entry_is_a_miss(tmp_path, change):
    from jaxcheck.api import check_paths

    config, cache_file = _warm_cache(tmp_path)
    _entries_rewritten(cache_file, change)
    result = check_paths([tmp_path / "step.py"], config, use_cache=True)
    assert [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 4)] and result.errors == []


def test_a_damaged_or_deeply_nested_cache_file_is_ignored(tmp_path):
    from jaxcheck.api import check_paths

    config, cache_file = _warm_cache(tmp_path)
    header = cache_file.read_bytes().partition(b"\n")[0]
    for body in (b"[" * 100_000 + b"]" * 100_000, cache_file.read_bytes().partition(b"\n")[2].replace(b"JAX101", b"JAX102")):
        cache_file.write_bytes(header + b"\n" + body)
        result = check_paths([tmp_path / "step.py"], config, use_cache=True)
        assert [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 4)]


def test_a_symlink_in_the_cache_directory_is_not_followed(tmp_path):
    from jaxcheck.api import check_paths
    from jaxcheck.cache import Cache

    config, cache_file = _warm_cache(tmp_path)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(cache_file.read_bytes())
    cache_file.unlink()
    cache_file.symlink_to(elsewhere)
    assert Cache(tmp_path, config.fingerprint())._entries == {}
    before = elsewhere.read_bytes()
    (tmp_path / "step.py").write_text("import jax\n" + JITTED_PRINT.replace("f(x)", "g(x)"))
    check_paths([tmp_path / "step.py"], config, use_cache=True)
    assert elsewhere.read_bytes() == before and not cache_file.is_symlink()
