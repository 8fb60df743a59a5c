"""Nothing user code starts outlives `validate`, and nothing it does to its own processes can hang
the run: children and `setsid` daemons are killed, SIGSTOP is met with SIGKILL, SIGTERM and
SIGKILL of the validator leave no worker and no temporary directory behind. Without jax in the
interpreter, the user is told once what to install."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from jaxcheck.api import check_paths
from jaxcheck.config import Config
from jaxcheck.runtime import ValidateOptions, validate
from jaxcheck.runtime.supervisor import ValidatorUnavailable

ROOT = pathlib.Path(__file__).resolve().parents[2]

SPAWNS = '''
import json
import os
import signal
import subprocess

import jax


@jax.jit
def starts_a_child(x: jax.Array):
    print("tracing")
    subprocess.Popen(["sleep", "{marker}"])
    subprocess.Popen(["sleep", "{marker}"], start_new_session=True)
    return x


@jax.jit
def stops_itself(x: jax.Array):
    print("tracing")
    os.kill(os.getpid(), signal.SIGSTOP)
    return x


@jax.jit
def stops_its_parent(x: jax.Array):
    print("tracing")
    os.kill(os.getppid(), signal.SIGSTOP)
    return x
'''


def _processes_with(text: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                command = pathlib.Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if text in command:
                found.append(int(entry))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process bookkeeping through /proc")
def test_children_are_killed_and_stopped_processes_do_not_hang_the_run(tmp_path: pathlib.Path) -> None:
    marker = str(3000 + os.getpid() % 1000)
    path = tmp_path / "spawns.py"
    path.write_text(SPAWNS.replace("{marker}", marker))
    started = time.monotonic()
    result = validate(check_paths([path], Config()), ValidateOptions(timeout=2, module_timeout=60, jobs=1))
    elapsed = time.monotonic() - started
    statuses = {d.line: d.validation for d in result.diagnostics}
    assert len(statuses) == 3
    assert not _processes_with(f"sleep {marker}"), "a child of user code outlived the run"
    by_function = {d.message.split("`")[3]: d.validation for d in result.diagnostics}
    assert by_function["stops_itself"].status == "inconclusive", by_function["stops_itself"]
    assert "did not respond to the alarm" in by_function["stops_itself"].evidence
    # The worker relaying results was stopped too: it is continued, and the run ends.
    assert by_function["stops_its_parent"].status in ("confirmed", "inconclusive")
    assert elapsed < 50, elapsed


def _start_validate(tmp_path: pathlib.Path) -> subprocess.Popen:
    path = tmp_path / "hangs.py"
    path.write_text("import jax\n\n\n@jax.jit\ndef step(x: jax.Array):\n    print(x)\n    while True:\n        pass\n")
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu", "TMPDIR": str(tmp_path)}
    return subprocess.Popen(
        [sys.executable, "-m", "jaxcheck", "validate", str(path), "--timeout", "60"],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def _wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process bookkeeping through /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_ending_validate_leaves_no_worker_and_no_temporary_directory(tmp_path: pathlib.Path, how: int) -> None:
    process = _start_validate(tmp_path)
    workdirs = lambda: list(tmp_path.glob("jaxcheck-validate-*"))  # noqa: E731
    assert _wait_for(lambda: any(d.glob("job-*") for d in workdirs()), 60), "the experiment did not start"
    workdir = str(workdirs()[0])
    # Wait for the worker in /proc rather than read it once: under a loaded full suite it was once
    # not there yet when the job's directory (made by the supervisor) already was.
    assert _wait_for(lambda: _processes_with(workdir), 30), "no worker runs the experiment"
    time.sleep(1.0)
    process.send_signal(how)
    status = process.wait(timeout=30)
    assert status == (143 if how == signal.SIGTERM else -signal.SIGKILL)
    assert _wait_for(lambda: not _processes_with(workdir), 15), "a worker outlived validate"
    assert _wait_for(lambda: not workdirs(), 15), [(p, p.read_text()[-300:] if p.is_file() else "") for d in workdirs() for p in d.rglob("*")]


def test_without_jax_the_user_is_told_once_what_to_install(tmp_path: pathlib.Path) -> None:
    python = "/usr/bin/python3"
    if not os.path.exists(python) or subprocess.run([python, "-c", "import jax"], capture_output=True).returncode == 0:
        pytest.skip("needs an interpreter without jax")
    path = tmp_path / "step.py"
    path.write_text("import jax\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n")
    with pytest.raises(ValidatorUnavailable, match=r"validation needs jax .*No module named 'jax'.* -m pip install"):
        validate(check_paths([path], Config()), ValidateOptions(python=python))
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "validate", str(path), "--python", python],
        env=environment, capture_output=True, text=True, timeout=120,
    )
    assert completed.returncode == 2
    assert completed.stderr.count("validation needs jax") == 1
    assert "JAX101" in completed.stdout and "inconclusive" not in completed.stdout


ENDS_ITS_WORKER = '''
import json
import os
import signal

import jax


@jax.jit
def ends_the_worker(x):
    print(x)
    os.kill({whom}, signal.SIGKILL)
    return x
'''

CONFIRMED = '''
import time

import jax


@jax.jit
def shout(x):
    print(x)
    time.sleep(1)  # still running when the other module's code ends the worker
    return x
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process bookkeeping through /proc")
@pytest.mark.parametrize("whom", ["os.getpid()", "os.getppid()"])
def test_code_that_kills_its_worker_loses_no_other_files_verdict(tmp_path: pathlib.Path, whom: str) -> None:
    """`os.getpid()` is the module's own process; `os.getppid()` the worker that forks one per
    module, whose end used to leave every running module without a verdict."""
    (tmp_path / "killer.py").write_text(ENDS_ITS_WORKER.format(whom=whom))
    (tmp_path / "printer.py").write_text(CONFIRMED)
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "validate", "--format", "json", "killer.py", "printer.py"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 1, completed.stderr
    verdicts = {pathlib.Path(d["path"]).name: d["validation"] for d in json.loads(completed.stdout)["diagnostics"]}
    assert verdicts["printer.py"]["status"] == "confirmed", verdicts
    assert verdicts["killer.py"]["status"] == "inconclusive"
    assert "killed by SIGKILL during the experiment" in verdicts["killer.py"]["evidence"], verdicts
