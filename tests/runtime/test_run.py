"""`jaxcheck run`: the program runs as it would alone, and the report counts compiles per
function with JAX's reasons and judges the findings in the files that ran (real jax, CPU)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROGRAM = textwrap.dedent(
    """\
    import sys
    from functools import partial

    import jax
    import jax.numpy as jnp


    @partial(jax.jit, static_argnums=1)
    def scale(x, n):
        print("tracing scale")
        return x * n


    @jax.jit
    def steady(x):
        return x + 1


    for n in range(3):
        scale(jnp.ones(3), n)
    for i in range(4):
        steady(jnp.ones(2) * i)
    for i in range(2):
        jax.jit(lambda x: x - 1)(jnp.ones(2))
    print("argv", sys.argv[1:])
    if sys.argv[1:] == ["boom"]:
        raise ValueError("the program's own error")
    sys.exit(int(sys.argv[1]) if sys.argv[1:] else 0)
    """
)


def _run(tmp_path: pathlib.Path, *arguments: str) -> tuple[subprocess.CompletedProcess, dict | None]:
    report = tmp_path / "report.json"
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", "--format", "json", "--report", str(report), *arguments],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=180,
    )
    return completed, json.loads(report.read_text()) if report.exists() else None


@pytest.fixture()
def program(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "train.py"
    path.write_text(PROGRAM)
    return path


def test_run_reports_compiles_reasons_and_verdicts(tmp_path: pathlib.Path, program: pathlib.Path) -> None:
    completed, report = _run(tmp_path, "train.py", "3")
    assert completed.returncode == 3, completed.stderr  # the program's exit status passes through
    assert completed.stdout.count("tracing scale") == 3
    assert "argv ['3']" in completed.stdout
    assert set(report) >= {"version", "command", "exit_code", "compilations", "diagnostics"}
    assert report["command"] == ["jaxcheck", "run", "train.py", "3"]
    assert report["exit_code"] == 3
    rows = {row["function"]: row for row in report["compilations"]}
    assert set(rows) == {"scale", "steady", "<lambda>"}  # eager jnp.ones/mul never count
    assert rows["scale"]["compiles"] == 3 and rows["scale"]["path"] == str(program)
    assert "static argument" in rows["scale"]["reasons"][1] and "now 1, before 0" in rows["scale"]["reasons"][1]
    assert rows["steady"]["compiles"] == 1 and len(rows["steady"]["reasons"]) == 1
    assert rows["<lambda>"]["compiles"] == 2 and "re-created" in rows["<lambda>"]["reasons"][1]
    assert all(row["compile_seconds"] > 0 for row in rows.values())
    verdicts = {d["code"]: d["validation"]["status"] for d in report["diagnostics"]}
    assert verdicts == {"JAX101": "confirmed", "JAX403": "confirmed", "JAX401": "confirmed"}


def test_run_passes_exceptions_through_and_enforces_the_budget(tmp_path: pathlib.Path, program: pathlib.Path) -> None:
    completed, report = _run(tmp_path, "train.py", "boom")
    assert completed.returncode == 1
    assert "ValueError: the program's own error" in completed.stderr  # the traceback, as Python prints it
    assert report["error"].startswith("ValueError")

    completed, report = _run(tmp_path, "--max-compiles", "2", "train.py")
    assert completed.returncode == 1, completed.stderr  # the program exited 0; `scale` compiled 3 times
    assert report["over_budget"] == ["scale"]


def test_run_without_a_program_is_a_usage_error(tmp_path: pathlib.Path) -> None:
    completed, _ = _run(tmp_path, "missing.py")
    assert completed.returncode == 2
    assert "no such script: missing.py" in completed.stderr


def test_run_gives_no_verdict_on_a_recompilation_finding_whose_line_ran_once(tmp_path: pathlib.Path) -> None:
    (tmp_path / "loop.py").write_text(textwrap.dedent(
        """\
        import jax
        import jax.numpy as jnp


        @jax.jit
        def double(x):
            return x * 2


        for i in range(1):
            double(jnp.ones(3))
        for n in range(1):
            jax.jit(lambda x: x * n)(jnp.ones(3))
        """
    ))
    completed, report = _run(tmp_path, "loop.py")
    assert completed.returncode == 0, completed.stderr
    assert sorted(row["compiles"] for row in report["compilations"]) == [1, 1]
    # one compile from one call is no evidence that a per-iteration jit is cached
    verdicts = {d["code"]: d["validation"] for d in report["diagnostics"]}
    assert verdicts["JAX401"]["status"] == "inconclusive"
    assert "line 13 ran 1 time, too few to show a recompilation" in verdicts["JAX401"]["evidence"]


EVIDENCE = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    class Env:
        def step(self, x):
            return x * 2


    def advance(env, x):
        return jax.jit(env.step)(x)


    def step(x, debug):
        if debug:
            print("debug", x)
        return x + 1


    def sign(x):
        if x > 0:
            return x
        return -x


    def never_called(x):
        if x > 0:
            return x
        return -x


    env = Env()
    for i in range(3):
        advance(env, jnp.ones(2))
    fast = jax.jit(step, static_argnums=1)
    fast(jnp.ones(2), len(__import__("sys").argv) > 5)  # False when run; the analysis cannot tell
    step(jnp.ones(2), True)
    try:
        jax.jit(sign)(1.0)
    except Exception as error:
        print("caught", type(error).__name__)
    jax.jit(never_called)
    """
)


def test_run_ties_jit_applications_and_judges_lines_by_what_ran(tmp_path: pathlib.Path) -> None:
    (tmp_path / "play.py").write_text(EVIDENCE)
    completed, report = _run(tmp_path, "play.py")
    assert completed.returncode == 0, completed.stderr
    assert "caught TracerBoolConversionError" in completed.stdout
    method = next(row for row in report["compilations"] if row["line"] == 6)
    assert method["compiles"] == 3 and method["jitted_at"] == [{"path": str(tmp_path / "play.py"), "line": 11}]
    verdicts = {(d["code"], d["line"]): d["validation"] for d in report["diagnostics"]}
    # `jax.jit(env.step)` at line 11: the compiled function is defined at line 6, the row carries both
    assert verdicts[("JAX402", 11)]["status"] == "confirmed"
    # the print only ran eagerly although JAX traced `step`: refuted, with the counts
    assert verdicts[("JAX101", 16)]["status"] == "refuted"
    assert "traced the code around line 16 1 time" in verdicts[("JAX101", 16)]["evidence"]
    # the error was caught by the program, yet it passed line 21
    assert verdicts[("JAX201", 21)]["status"] == "confirmed"
    assert "TracerBoolConversionError" in verdicts[("JAX201", 21)]["evidence"]
    # jitted but never called: no evidence either way
    assert verdicts[("JAX201", 27)]["status"] == "inconclusive"
    assert verdicts[("JAX201", 27)]["evidence"] == "line 27 did not run in this run"


EAGER_LAX = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    def decay(carry, _):
        return carry * 0.5, None


    def sample(x, scale):
        def step(carry, _):
            return carry * scale, None
        return jax.lax.scan(step, x, None, length=4)[0]


    x = jnp.ones(3)
    for _ in range(3):
        x = sample(x, 0.9)
        x = jax.lax.scan(decay, x, None, length=4)[0]
    """
)


def test_run_counts_the_programs_lax_control_flow_compiles_for_its_bodies(tmp_path: pathlib.Path) -> None:
    (tmp_path / "sampler.py").write_text(EAGER_LAX)
    completed, report = _run(tmp_path, "sampler.py")
    assert completed.returncode == 0, completed.stderr
    rows = {row["function"]: row for row in report["compilations"]}
    # outside jit, `lax.scan` compiles `jit(scan)` per new body: the nested `step` every call,
    # the module-level `decay` once
    assert (rows["step"]["compiles"], rows["step"]["program"]) == (3, "scan")
    assert (rows["decay"]["compiles"], rows["decay"]["program"]) == (1, "scan")
    verdicts = {(d["code"], d["line"]): d["validation"] for d in report["diagnostics"]}
    assert verdicts == {("JAX402", 12): verdicts[("JAX402", 12)]}
    assert verdicts[("JAX402", 12)]["status"] == "confirmed"
    assert "`step` compiled 3 times" in verdicts[("JAX402", 12)]["evidence"]


FLAGGED = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(x):
        print("tracing")
        return x + 1
    """
)


def test_the_static_check_is_reused_until_a_file_changes(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from jaxcheck.runtime.static_child import StaticCheck

    monkeypatch.chdir(tmp_path)
    source = tmp_path / "model.py"
    source.write_text(FLAGGED)
    first = StaticCheck(tmp_path, None).result()
    assert [(d.code, d.line) for d in first.diagnostics] == [("JAX101", 6)]
    again = StaticCheck(tmp_path, None)
    assert again._process is None  # nothing changed: the stored findings, without a process
    assert [(d.code, d.line) for d in again.result().diagnostics] == [("JAX101", 6)]
    source.write_text(FLAGGED.replace('print("tracing")', "pass  # quiet now"))
    changed = StaticCheck(tmp_path, None)
    assert changed._process is not None
    assert changed.result().diagnostics == []


# -- what the program does to its process cannot blind or break the run ---------------------------

FIVE_SHAPES = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp

    {setup}


    @jax.jit
    def step(x):
        return x * 2


    for n in range(1, 6):
        step(jnp.ones(n))
    """
)

# Ways programs quiet libraries; JAX's cache-miss explanations go through the logging module.
LOGGING_SETUPS = {
    "disable": "import logging\nlogging.disable(logging.WARNING)",
    "jax-level": 'import logging\nlogging.getLogger("jax").setLevel(logging.CRITICAL)\n'
    'logging.getLogger("jax._src.interpreters.partial_eval").setLevel(logging.CRITICAL)',
    "handlers-removed": "import logging\nfor name in list(logging.root.manager.loggerDict):\n"
    "    logging.getLogger(name).handlers.clear()\n    logging.getLogger(name).propagate = False",
    "dictConfig": 'import logging.config\nlogging.config.dictConfig({"version": 1, "disable_existing_loggers": True})',
}


@pytest.mark.parametrize("setup", LOGGING_SETUPS)
def test_compile_counts_do_not_depend_on_the_programs_logging(tmp_path: pathlib.Path, setup: str) -> None:
    (tmp_path / "prog.py").write_text(FIVE_SHAPES.format(setup=LOGGING_SETUPS[setup]))
    completed, report = _run(tmp_path, "--max-compiles", "1", "prog.py")
    assert completed.returncode == 1, completed.stderr  # over budget, not a silent pass
    assert [(row["function"], row["compiles"]) for row in report["compilations"]] == [("step", 5)]
    assert "TRACING CACHE MISS" not in completed.stderr  # the program did not ask for the explanations


THREADS = textwrap.dedent(
    """\
    import threading

    import jax
    import jax.numpy as jnp


    @jax.jit
    def step(x):
        return x * 2


    def work(i):
        step(jnp.ones(2 * i + 1))
        step(jnp.ones(2 * i + 2))


    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    """
)


def test_compiles_from_threads_are_each_counted(tmp_path: pathlib.Path) -> None:
    (tmp_path / "prog.py").write_text(THREADS)
    completed, report = _run(tmp_path, "prog.py")
    assert completed.returncode == 0, completed.stderr
    rows = report["compilations"]
    assert [(row["function"], row["compiles"]) for row in rows] == [("step", 8)]  # 8 shapes from 4 threads
    assert len(rows[0]["reasons"]) == 8


def _run_text(tmp_path: pathlib.Path, *arguments: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    return subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", *arguments],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=180,
    )


FORKS = textwrap.dedent(
    """\
    import os
    import warnings

    import jax
    import jax.numpy as jnp

    warnings.simplefilter("ignore", RuntimeWarning)  # os.fork() in a process with threads


    @jax.jit
    def step(x):
        return x * 2


    step(jnp.ones(3))
    pid = os.fork()
    if pid == 0:
        print("child done", flush=True)
        raise SystemExit(0)
    os.waitpid(pid, 0)
    print("parent done")
    """
)


def test_only_the_process_that_started_the_run_reports(tmp_path: pathlib.Path) -> None:
    (tmp_path / "prog.py").write_text(FORKS)
    completed = _run_text(tmp_path, "prog.py")
    assert completed.returncode == 0, completed.stderr
    assert "child done" in completed.stdout and "parent done" in completed.stdout
    assert completed.stderr.count("jaxcheck run: prog.py") == 1, completed.stderr


@pytest.mark.parametrize("closed", [("stdout",), ("stdout", "stderr")])
def test_a_program_that_closes_its_streams_still_gets_its_report_and_status(tmp_path: pathlib.Path, closed: tuple[str, ...]) -> None:
    closing = "".join(f"sys.{name}.close()\n" for name in closed)
    (tmp_path / "prog.py").write_text(f'import sys\nprint("hello")\n{closing}sys.exit(4)\n')
    completed = _run_text(tmp_path, "prog.py")
    assert completed.returncode == 4, completed.stderr  # the program's own status, not an internal error
    assert completed.stdout == "hello\n"
    assert "jaxcheck run: prog.py: exit status 4" in completed.stderr, completed.stderr
    assert "internal error" not in completed.stderr


@pytest.mark.parametrize(
    ("arguments", "argv"),
    [
        (["-m", "pkg.train", "--epochs", "3"], ["--epochs", "3"]),
        (["-m", "pkg.train", "--", "--epochs", "3"], ["--epochs", "3"]),
        (["--", "pkg/train.py", "--epochs", "3"], ["--epochs", "3"]),
        (["pkg/train.py", "--", "--epochs", "3"], ["--epochs", "3"]),
        (["--max-compiles", "1", "-m", "pkg.train", "--max-compiles", "5", "-m", "x"], ["--max-compiles", "5", "-m", "x"]),
    ],
)
def test_arguments_after_the_module_or_script_are_the_programs(tmp_path: pathlib.Path, arguments: list[str], argv: list[str]) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "train.py").write_text("import sys\nprint(sys.argv[1:])\n")
    completed = _run_text(tmp_path, *arguments)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == f"{argv}\n"


def test_the_static_check_imports_nothing_from_the_programs_directory(tmp_path: pathlib.Path) -> None:
    """Its process is `python -P -m ...`: a `typing/` of the project used to stand in for the
    standard library's there (the check failed, exit 2)."""
    (tmp_path / "typing").mkdir()
    (tmp_path / "typing" / "__init__.py").write_text('import sys\nsys.stderr.write("the project\'s typing ran\\n")\n')
    (tmp_path / "prog.py").write_text('print("ran")\n')
    completed = _run_text(tmp_path, "prog.py")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == "ran\n"
    assert "the project's typing ran" not in completed.stderr
