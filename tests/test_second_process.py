"""The second test process (tests/second_process.py): the tests of its directories run there, and
this process reports each of them as if it had run it (outcome, failure text, skip reason,
captured output), in a tree of its own with the mechanism copied in."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

TESTS = pathlib.Path(__file__).parent

CONFTEST = """\
from second_process import register


def pytest_configure(config):
    register(config)
"""

# Each test writes the id of the process that ran it, so the test can say where it ran.
RAN = """\
import os

import pytest


def ran(name):
    with open(os.environ["PIDS_FILE"], "a") as pids:
        pids.write(f"{name} {os.getpid()}\\n")


"""

HERE = RAN + """\
def test_passes():
    ran("first")
"""

THERE = RAN + """\
def test_passes():
    ran("second")


def test_fails():
    print("said in the second process")
    assert 1 == 2


def test_skips():
    pytest.skip("for a reason given there")


@pytest.fixture
def broken():
    raise RuntimeError("setup failed there")


def test_errors(broken):
    pass
"""


def _tree(tmp_path: pathlib.Path) -> pathlib.Path:
    tests = tmp_path / "tests"
    (tests / "mypy").mkdir(parents=True)  # a directory of SECOND_PROCESS
    shutil.copy(TESTS / "second_process.py", tests / "second_process.py")
    (tests / "conftest.py").write_text(CONFTEST)
    (tests / "test_here.py").write_text(HERE)
    (tests / "mypy" / "test_there.py").write_text(THERE)
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    return tests


def _pytest(tests: pathlib.Path, *arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAXCHECK_TEST")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly", "-ra", *arguments],
        cwd=tests.parent, capture_output=True, text=True, timeout=120,
        env={**env, "PIDS_FILE": str(tests.parent / "pids.txt"), **environment},
    )  # fmt: skip


def _pids(tests: pathlib.Path) -> dict[str, set[str]]:
    ran: dict[str, set[str]] = {}
    for line in (tests.parent / "pids.txt").read_text().splitlines():
        name, pid = line.split()
        ran.setdefault(name, set()).add(pid)
    return ran


@pytest.mark.parametrize("paths", [(), ("tests",)], ids=["testpaths", "paths given"])
def test_the_second_process_runs_its_tests_and_this_one_reports_them(
    tmp_path: pathlib.Path, paths: tuple[str, ...]
) -> None:
    tests = _tree(tmp_path)
    completed = _pytest(tests, *paths)
    assert completed.returncode == 1, completed.stdout + completed.stderr
    summary = completed.stdout.splitlines()[-1]
    assert "1 failed, 2 passed, 1 skipped, 1 error" in summary, completed.stdout
    assert "said in the second process" in completed.stdout  # its captured output
    assert "assert 1 == 2" in completed.stdout  # its failure text
    skip_line = THERE.splitlines().index('    pytest.skip("for a reason given there")') + 1
    assert f"SKIPPED [1] tests/mypy/test_there.py:{skip_line}: for a reason given there" in completed.stdout
    error = "ERROR tests/mypy/test_there.py::test_errors - RuntimeError: setup failed there"
    assert error in completed.stdout
    ran = _pids(tests)
    assert ran["first"] != ran["second"], ran


@pytest.mark.parametrize(
    ("arguments", "environment"),
    [
        (("-k", "test_passes", "tests"), {"JAXCHECK_TEST_PROCESSES": "1"}),
        (("-k", "test_passes", "tests/mypy"), {}),
    ],
    ids=["turned off", "all tests on one side"],
)
def test_one_process_when_turned_off_or_all_tests_are_on_one_side(
    tmp_path: pathlib.Path, arguments: tuple[str, ...], environment: dict[str, str]
) -> None:
    tests = _tree(tmp_path)
    completed = _pytest(tests, *arguments, **environment)
    assert "passed" in completed.stdout.splitlines()[-1], completed.stdout
    ran = _pids(tests)
    assert len(set().union(*ran.values())) == 1, ran


def test_a_second_process_that_dies_fails_the_tests_it_did_not_report(tmp_path: pathlib.Path) -> None:
    tests = _tree(tmp_path)
    (tests / "mypy" / "test_there.py").write_text("import os\n\n\ndef test_dies():\n    os._exit(3)\n")
    completed = _pytest(tests, "tests")
    assert completed.returncode == 1
    assert "FAILED tests/mypy/test_there.py::test_dies" in completed.stdout, completed.stdout
    assert "ended with status 3 without reporting this test" in completed.stdout


def test_the_processes_share_the_other_modules_each_running_a_module_whole(tmp_path: pathlib.Path) -> None:
    # Ten modules either process may run: this one takes them from the front, the second from
    # the back, until they meet; the ground-truth tests stay in this process.
    tests = _tree(tmp_path)
    (tests / "test_here.py").unlink()
    for number in range(10):
        body = RAN + f"import time\n\n\ndef test_a():\n    ran('m{number}')\n    time.sleep(1)\n\n\ndef test_b():\n    ran('m{number}')\n"
        (tests / f"test_m{number}.py").write_text(body)
    (tests / "regression").mkdir()
    (tests / "regression" / "test_ground_truth.py").write_text(RAN + "def test_last():\n    ran('ground')\n")
    completed = _pytest(tests, "tests")
    assert "1 failed, 22 passed, 1 skipped, 1 error" in completed.stdout.splitlines()[-1], completed.stdout
    ran = _pids(tests)
    lines = (tests.parent / "pids.txt").read_text().splitlines()
    assert sorted(line.split()[0] for line in lines if line.startswith("m")) == sorted(f"m{n}" for n in range(10) for _ in "ab")
    assert all(len(ran[f"m{number}"]) == 1 for number in range(10)), ran  # each module whole in one process
    modules_by_process = {pid for number in range(10) for pid in ran[f"m{number}"]}
    assert modules_by_process == ran["ground"] | ran["second"], ran  # both took some
    assert ran["ground"] != ran["second"]


def test_one_process_for_a_few_modules(tmp_path: pathlib.Path) -> None:
    tests = _tree(tmp_path)
    completed = _pytest(tests, "tests/test_here.py")
    assert "1 passed" in completed.stdout.splitlines()[-1], completed.stdout
    assert len(set().union(*_pids(tests).values())) == 1
