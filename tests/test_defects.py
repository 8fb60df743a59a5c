"""The smallest inputs that once hung, crashed or misplaced results, each checked end to end."""

from __future__ import annotations

import os

import pytest

from jaxcheck.api import check_source

JITTED_PRINT = "@jax.jit\ndef f(x):\n    print(x)\n    return x\n"


def test_module_level_global_does_not_hang_name_resolution():
    result = check_source("import jax\nglobal jax\n" + JITTED_PRINT)
    assert [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 5)]


STATIC_LIST = (
    "import jax\n# {breaks}\n\n@jax.jit(static_argnums=1)\ndef f(x, sizes):\n"
    "    for s in sizes:\n        x = x + s\n    return x\n\nf(1.0, [1, 2])\n"
)
# Characters `str.splitlines` breaks at and Python does not.
NOT_LINE_BREAKS = "a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i"


def test_fixes_and_positions_count_lines_as_python_does():
    from jaxcheck.engine import EngineOptions
    from jaxcheck.fix import fix_source
    from jaxcheck.rules import all_rules

    source = STATIC_LIST.format(breaks=NOT_LINE_BREAKS)
    (finding,) = check_source(source).diagnostics
    assert (finding.line, finding.column, finding.end_line, finding.end_column) == (10, 8, 10, 14)
    outcome = fix_source("t.py", source, EngineOptions(all_rules()))
    assert outcome.fixed == source.replace("[1, 2]", "(1, 2)")
    assert outcome.error is None and len(outcome.applied) == 1


def test_positions_of_reported_nodes_match_libcst_everywhere():
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    from jaxcheck.positions import LineIndex, node_spans

    source = STATIC_LIST.format(breaks="x") + "class C:\n    if f:\n        y = (1,\n  2)\n    else:\n        pass\n"
    module = cst.parse_module(source)
    nodes: list[cst.CSTNode] = []

    class Every(cst.CSTVisitor):
        def on_visit(self, node):
            nodes.append(node)
            return True

    module.visit(Every())
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    spans = node_spans(module, nodes[1:], LineIndex(source))
    for node in nodes[1:]:
        where = expected[node]
        span = spans[node]
        assert (span.line, span.column - 1, span.end_line, span.end_column - 1) == (
            where.start.line, where.start.column, where.end.line, where.end.column,
        ), type(node).__name__


def test_python_positions_for_syntax_errors():
    error = check_source("import jax\n\n\n\n\nname??\n").error
    assert error is not None and (error.line, error.column) == (6, 5) and "invalid syntax" in error.message


def test_a_valid_file_libcst_cannot_read_is_a_parser_limitation():
    error = check_source("import jax\nx = 1\\\r\n").error
    assert error is not None and error.code == "JAX001" and "limitation of libcst" in error.message


def test_syntax_errors_are_reported_in_files_that_never_mention_jax(tmp_path):
    from jaxcheck.api import check_paths

    (tmp_path / "plain.py").write_text("def f(:\n")
    (tmp_path / "fine.py").write_text("x = 1\n")
    result = check_paths([tmp_path])
    assert [(e.path.endswith("plain.py"), e.line) for e in result.errors] == [(True, 1)]
    assert result.exit_code == 2


def test_nesting_python_rejects_is_its_syntax_error_not_a_crash():
    # libcst's native parser overflows its stack (the process dies) from about 1,200 brackets.
    error = check_source("import jax\nx = " + "(" * 5000 + "1" + ")" * 5000 + "\n").error
    assert error is not None and error.message == "syntax error: too many nested parentheses"


def test_deep_valid_code_is_analysed_not_rejected():
    elifs = "".join(f"    elif x == {i}:\n        pass\n" for i in range(500))
    total = " + ".join(["x"] * 500)
    source = "import jax\n@jax.jit\ndef f(x):\n    if x is None:\n        pass\n" + elifs + f"    print({total})\n"
    result = check_source(source)
    assert result.error is None and "JAX101" in {d.code for d in result.diagnostics}


def test_long_boolean_chains_take_linear_time():
    import time

    chain = " and ".join(f"x > {i}" for i in range(400))
    start = time.perf_counter()
    result = check_source(f"import jax\n@jax.jit\ndef f(x):\n    if {chain}:\n        return x\n    return x\n")
    assert time.perf_counter() - start < 10  # was 51 s (cubic)
    assert len(result.diagnostics) == 400


def test_chained_calls_take_linear_time():
    import time

    start = time.perf_counter()
    result = check_source("import jax\nx = jax.jit" + "(f)" * 400 + "\n")
    assert time.perf_counter() - start < 10 and result.error is None


def test_fifos_devices_and_symlink_loops_are_reported_and_the_run_goes_on(tmp_path):
    import os

    from jaxcheck.api import check_paths, fix_paths

    (tmp_path / "ok.py").write_text("import jax\n" + JITTED_PRINT)
    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "loop1.py").symlink_to(tmp_path / "loop2.py")
    (tmp_path / "loop2.py").symlink_to(tmp_path / "loop1.py")
    checked = check_paths([tmp_path, "/dev/zero"], use_cache=True)
    assert "not a regular file" in next(e.message for e in checked.errors if e.path == "/dev/zero")
    for result in (checked, fix_paths([tmp_path], write=False)[1]):
        messages = {os.path.basename(e.path): e.message for e in result.errors}
        assert "not a regular file" in messages["pipe.py"]
        assert "symbolic links" in messages["loop1.py"]
        assert [d.code for d in result.diagnostics] == ["JAX101"]


def test_files_over_the_size_limit_get_a_clear_error(tmp_path):
    from jaxcheck.api import MAX_FILE_BYTES, check_paths

    path = tmp_path / "huge.py"
    path.write_text("import jax\n" + "x = 1\n" * (MAX_FILE_BYTES // 6 + 1))
    (error,) = check_paths([path]).errors
    assert "file too large" in error.message and f"{MAX_FILE_BYTES:,}" in error.message


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
    process.stdout.readline()
    process.stdout.close()
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
    for index in range(20):
        (tmp_path / f"m{index}.py").write_text("import jax\n" + JITTED_PRINT)
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
    process = _run_cli("check", "--no-cache", "-j", "2", str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _workers_of(process.pid)
    process.send_signal(signal.SIGINT)
    start = time.perf_counter()
    _, err = process.communicate(timeout=30)
    assert time.perf_counter() - start < 3
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
    time.sleep(1)

    def alive(pid: str) -> bool:
        stat = pathlib.Path(f"/proc/{pid}/stat")
        return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"

    assert not [pid for pid in children if alive(pid)]


STATIC_LIST_PLAIN = STATIC_LIST.format(breaks="plain")


def test_fix_writes_through_symlinks_and_keeps_links_and_mode(tmp_path):
    from jaxcheck.api import fix_paths

    real = tmp_path / "real.py"
    real.write_text(STATIC_LIST_PLAIN)
    real.chmod(0o640)
    (tmp_path / "link.py").symlink_to(real)
    hard = tmp_path / "hard.py"
    os.link(real, tmp_path / "other_name.txt")
    hard.write_text(STATIC_LIST_PLAIN)
    os.link(hard, tmp_path / "hard_twin.txt")
    fix_paths([tmp_path / "link.py", hard])
    fixed = STATIC_LIST_PLAIN.replace("[1, 2]", "(1, 2)")
    assert (tmp_path / "link.py").is_symlink() and real.read_text() == fixed
    assert oct(real.stat().st_mode & 0o777) == oct(0o640)
    assert (tmp_path / "other_name.txt").read_text() == fixed  # the same inode
    assert (tmp_path / "hard_twin.txt").read_text() == fixed


def test_fix_skips_read_only_files_with_a_message_and_goes_on(tmp_path):
    from jaxcheck.api import fix_paths

    locked, free = tmp_path / "locked.py", tmp_path / "free.py"
    for path in (locked, free):
        path.write_text(STATIC_LIST_PLAIN)
    locked.chmod(0o444)
    outcomes, result = fix_paths([tmp_path])
    assert locked.read_text() == STATIC_LIST_PLAIN and "(1, 2)" in free.read_text()
    (error,) = result.errors
    assert error.path.endswith("locked.py") and "read-only" in error.message
    assert [d.code for d in result.diagnostics] == ["JAX302"]  # still reported, not fixed
    assert sum(len(o.applied) for o in outcomes) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_fix_in_a_read_only_directory_writes_in_place(tmp_path):
    from jaxcheck.api import fix_paths

    path = tmp_path / "sub" / "step.py"
    path.parent.mkdir()
    path.write_text(STATIC_LIST_PLAIN)
    path.parent.chmod(0o555)
    try:
        _, result = fix_paths([path])
    finally:
        path.parent.chmod(0o755)
    assert result.errors == [] and "(1, 2)" in path.read_text()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file away")
def test_fix_keeps_the_owner(tmp_path):
    from jaxcheck.api import fix_paths

    path = tmp_path / "theirs.py"
    path.write_text(STATIC_LIST_PLAIN)
    os.chown(path, 4321, 4321)
    fix_paths([path])
    assert (path.stat().st_uid, path.stat().st_gid) == (4321, 4321) and "(1, 2)" in path.read_text()


def test_a_file_gone_before_writing_is_a_message(tmp_path):
    from jaxcheck.fix import write_fixed

    assert "cannot write fixes" in write_fixed(tmp_path / "gone.py", b"x = 1\n")


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


def test_nesting_past_the_documented_limit_is_a_clear_error_in_little_time():
    import time

    from jaxcheck.parsing import MAX_NESTING

    start = time.perf_counter()
    error = check_source("import jax\nx = " + " + ".join(["a"] * (MAX_NESTING + 100)) + "\n").error
    assert time.perf_counter() - start < 2  # libcst alone: ~20 s for 3,000 levels, quadratic
    assert error is not None and f"nested more than about {MAX_NESTING} levels" in error.message
