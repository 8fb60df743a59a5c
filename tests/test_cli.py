"""The command line: output formats, exit codes, noqa, selection, parallel runs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_run import jaxcheck

from jaxcheck import cli

BAD = """\
import jax


@jax.jit
def step(x):
    print(x)
    return x * 2
"""


def run(args, cwd=None):
    return jaxcheck(*args, cwd=cwd)


def test_text_output_and_exit_code(tmp_path):
    """In a process of its own: what `python -m jaxcheck` prints and the status it exits with
    (the other tests run the CLI in this process)."""
    (tmp_path / "bad.py").write_text(BAD)
    done = subprocess.run([sys.executable, "-m", "jaxcheck", "check", str(tmp_path / "bad.py")], capture_output=True, text=True)
    assert done.returncode == 1
    first = done.stdout.splitlines()[0]
    assert first.startswith(f"{tmp_path / 'bad.py'}:6:5: JAX101 `print` in jitted function `step`")
    assert "Found 1 finding in 1 file; 1 file checked." in done.stdout


def test_clean_exit_zero(tmp_path):
    (tmp_path / "good.py").write_text("import jax\n\n@jax.jit\ndef step(x):\n    return x\n")
    done = run(["check", str(tmp_path)])
    assert done.returncode == 0 and "No findings" in done.stdout


def test_json_schema(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "broken.py").write_text("import jax\ndef (")
    done = run(["check", "--format", "json", str(tmp_path)])
    assert done.returncode == 2
    document = json.loads(done.stdout)
    assert set(document) == {"version", "files_checked", "diagnostics", "errors"}
    assert document["files_checked"] == 2
    (diagnostic,) = document["diagnostics"]
    assert set(diagnostic) == {
        "path", "line", "column", "end_line", "end_column", "code", "name", "message", "severity", "fix", "subject"
    }
    assert diagnostic["subject"] == {
        "module": "bad", "function": "step", "trace": [{"module": "bad", "function": "step"}],
        "transform": "jax.jit", "jit_line": 4,
        "static": [], "arguments": {"x": "TRACED_TREE"},
    }
    assert (diagnostic["line"], diagnostic["column"], diagnostic["end_line"], diagnostic["end_column"]) == (6, 5, 6, 13)
    assert diagnostic["code"] == "JAX101" and diagnostic["name"] == "print-in-jit"
    (error,) = document["errors"]
    assert error["code"] == "JAX001" and error["path"].endswith("broken.py") and error["line"] == 2


def test_noqa_by_code_name_and_bare(tmp_path):
    for suffix, comment in (("code", "# noqa: JAX101"), ("name", "# noqa: print-in-jit"), ("bare", "# noqa")):
        (tmp_path / f"{suffix}.py").write_text(BAD.replace("print(x)", f"print(x)  {comment}"))
    (tmp_path / "other.py").write_text(BAD.replace("print(x)", "print(x)  # noqa: JAX201"))
    (tmp_path / "string.py").write_text(BAD.replace("print(x)", "print('# noqa')"))
    done = run(["check", "--format", "json", str(tmp_path)])
    flagged = sorted(d["path"].rsplit("/", 1)[1] for d in json.loads(done.stdout)["diagnostics"])
    assert flagged == ["other.py", "string.py"]


def test_select_and_ignore(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    assert run(["check", "--ignore", "JAX101", str(tmp_path)]).returncode == 0
    assert run(["check", "--ignore", "print-in-jit", str(tmp_path)]).returncode == 0
    assert run(["check", "--select", "JAX1", str(tmp_path)]).returncode == 1
    done = run(["check", "--select", "JAX999", str(tmp_path)])
    assert done.returncode == 2 and "JAX999" in done.stderr and "matches no rule" in done.stderr


def test_parallel_output_is_deterministic(tmp_path):
    for index in range(40):
        (tmp_path / f"m{index:02}.py").write_text(BAD)
    serial = run(["check", "--jobs", "1", str(tmp_path)]).stdout
    parallel = run(["check", "--jobs", "2", str(tmp_path)]).stdout
    assert serial == parallel and serial.count("JAX101") == 40


def test_usage_error_exit_code(capsys):
    try:
        cli.main(["check", "--format", "yaml"])
    except SystemExit as exit:
        assert exit.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_module_and_version():
    done = run(["--version"])
    assert done.returncode == 0 and done.stdout.startswith("jaxcheck ")


@pytest.mark.slow
def test_validate_command_and_check_validate(tmp_path):
    (tmp_path / "bad.py").write_text(BAD)
    for args in (["validate", "--format", "json"], ["check", "--validate", "--format", "json"]):
        done = subprocess.run([sys.executable, "-m", "jaxcheck", *args, str(tmp_path / "bad.py")], capture_output=True, text=True)
        assert done.returncode == 1, done.stderr
        (diagnostic,) = json.loads(done.stdout)["diagnostics"]
        assert diagnostic["validation"]["status"] == "confirmed"
        assert "1 of 3 calls" in diagnostic["validation"]["evidence"]
        assert diagnostic["validation"]["device"].startswith("cpu")


def test_validation_never_runs_unless_asked(tmp_path):
    marker = tmp_path / "ran"
    (tmp_path / "bad.py").write_text(f"open({str(marker)!r}, 'w').close()\n" + BAD)
    run(["check", str(tmp_path / "bad.py")])
    assert not marker.exists()


# A standard-library name the project in the working directory may also use: `python -m jaxcheck`
# starts with that directory first on sys.path. Each stand-in notes that it ran, then puts the
# real module in its place (the import system takes what the module leaves in sys.modules).
_STAND_IN = """\
import sys
with open({log!r}, "a") as log:
    log.write(__name__ + "\\n")
del sys.modules[__name__]
_saved = list(sys.path)
sys.path[:] = [p for p in sys.path if p not in ("", {directory!r})]
try:
    __import__(__name__)
finally:
    sys.path[:] = _saved
"""


def _stand_ins_run(tmp_path, module_args, pythonpath=None):
    """The standard-library names a project's files shadow under `python -m MODULE ARGS`."""
    import os
    import _imp

    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    log = tmp_path / "ran.log"
    log.unlink(missing_ok=True)
    (project / "x.py").write_text("x = 1\n")
    skipped = set(sys.builtin_module_names) | {"this", "antigravity", "idlelib", "turtledemo", "tkinter", "__main__"}
    for name in sys.stdlib_module_names:
        if name not in skipped and not _imp.is_frozen(name):
            (project / f"{name}.py").write_text(_STAND_IN.format(log=str(log), directory=str(project)))
    environment = dict(os.environ)
    if pythonpath:
        environment["PYTHONPATH"] = os.pathsep.join([pythonpath, environment.get("PYTHONPATH", "")])
    subprocess.run([sys.executable, "-m", *module_args], cwd=project, env=environment, capture_output=True, timeout=120)
    return set(log.read_text().split()) if log.exists() else set()


def test_python_m_jaxcheck_runs_no_module_of_the_checked_project(tmp_path):
    """`python -m jaxcheck` imports nothing from the working directory that `python -m` of an
    empty module would not (Python's own start-up of `-m` imports a few names first: measured on
    3.11 without a site that imports them, collections, contextlib, functools, importlib,
    keyword, operator, reprlib, types, warnings; jaxcheck used to add typing, __future__, enum,
    re, copyreg)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "jaxcheck_empty_module.py").write_text("")
    by_python = _stand_ins_run(tmp_path, ["jaxcheck_empty_module"], pythonpath=str(empty))
    by_jaxcheck = _stand_ins_run(tmp_path, ["jaxcheck", "check", "x.py"])
    assert by_jaxcheck <= by_python, sorted(by_jaxcheck - by_python)
    assert "typing" not in by_jaxcheck
