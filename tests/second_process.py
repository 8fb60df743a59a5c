"""Runs the tests of a few directories in a second pytest process, beside this one.

pytest runs tests one after another in one process, and the ground-truth runners of
tests/regression finish early: on CI's two cores one of them sat idle for most of a run (measured
in round 14: 1,090 s of pytest, mostly one busy process). So the tests in `SECOND_PROCESS` (the type checkers and what shares
their caches) run in a second pytest process, started with this run's own arguments as soon as
the tests are collected; this process runs every other test, then reports each test of the
second process, in its place at the end of the run, from the reports that process wrote
(pytest's own serialised reports: outcome, failure text, skip reason, captured output and
duration, exactly as if it had run here). Every test still runs once, in one of the two
processes, with the same fixtures and assertions.

Both processes collect the same tests from the same arguments, so both draw the same line
between them. Tests that share a session fixture built on disk (mypy's caches, the environment
with the oldest jax in pytest's cache, the stub environments) are on the same side of it.
There is no second process when all the selected tests are on one side (the fast loop
`-m "not slow"` selects none of `SECOND_PROCESS`), with `--pdb`, or when
``JAXCHECK_TEST_PROCESSES=1``.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import pytest

TESTS = pathlib.Path(__file__).parent
# Directories and files of tests/ run by the second process. mypy, stubs and typing share mypy's
# caches and the stub environments; test_run_oldest_jax builds (or finds) the environment with the
# oldest jax in pytest's cache, as tests/stubs/test_stubs_versions.py does.
SECOND_PROCESS = ("mypy", "stubs", "typing", "runtime/test_run_oldest_jax.py")
# The report file of a second process: set in that process's environment only.
_REPORTS_VARIABLE = "JAXCHECK_TESTS_SECOND_PROCESS_REPORTS"
_OFF_VARIABLE = "JAXCHECK_TEST_PROCESSES"


def in_second_process(item: pytest.Item) -> bool:
    path = pathlib.Path(item.path)
    if not path.is_relative_to(TESTS):
        return False
    relative = path.relative_to(TESTS).as_posix()
    return any(relative == entry or relative.startswith(entry + "/") for entry in SECOND_PROCESS)


def register(config: pytest.Config) -> None:
    """Registers the side this process plays (from ``pytest_configure``)."""
    reports = os.environ.pop(_REPORTS_VARIABLE, None)  # a pytest started by a test is not a second process
    if reports is not None:
        config.pluginmanager.register(SecondProcess(config, pathlib.Path(reports)), "jaxcheck-second-process")
    elif os.environ.get(_OFF_VARIABLE) != "1" and not config.option.usepdb:
        config.pluginmanager.register(FirstProcess(config), "jaxcheck-first-process")


class SecondProcess:
    """In the second process: runs only the tests of `SECOND_PROCESS`, writing each report."""

    def __init__(self, config: pytest.Config, reports: pathlib.Path) -> None:
        self._config = config
        self._reports = reports.open("a", encoding="utf-8")

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        others = [item for item in items if not in_second_process(item)]
        if others:
            items[:] = [item for item in items if in_second_process(item)]
            config.hook.pytest_deselected(items=others)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        data = self._config.hook.pytest_report_to_serializable(config=self._config, report=report)
        self._reports.write(json.dumps(data) + "\n")
        self._reports.flush()

    def pytest_unconfigure(self) -> None:
        self._reports.close()


class FirstProcess:
    """In the process pytest was started as: starts the second process and reports its tests."""

    def __init__(self, config: pytest.Config) -> None:
        self._config = config
        self._nodeids: set[str] = set()
        self._process: subprocess.Popen | None = None
        self._directory = self._reports = self._log = pathlib.Path()
        self._received: dict[str, list[pytest.TestReport]] = {}
        self._finished: set[str] = set()
        self._pending = ""
        self._offset = 0

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        second = [item for item in items if in_second_process(item)]
        if second and len(second) < len(items):
            self._nodeids = {item.nodeid for item in second}
            items[:] = [item for item in items if item.nodeid not in self._nodeids] + second

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if not self._nodeids or self._config.option.collectonly:
            return
        invocation = self._config.invocation_params
        arguments = list(invocation.args)
        if self._config.args_source == pytest.Config.ArgsSource.TESTPATHS:
            # No test paths given: the second process collects only its own directories.
            arguments += [str(TESTS / entry) for entry in SECOND_PROCESS if (TESTS / entry).exists()]
        basetemp = self._config.option.basetemp
        if basetemp:  # this process empties its basetemp when it first uses it: the second takes a sibling
            arguments.append(f"--basetemp={pathlib.Path(basetemp).resolve()}-second-process")
        self._directory = pathlib.Path(tempfile.mkdtemp(prefix="jaxcheck-second-process-"))
        self._reports = self._directory / "reports.jsonl"
        self._log = self._directory / "output.txt"
        self._reports.touch()
        with self._log.open("w", encoding="utf-8") as log:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "pytest", *arguments],
                cwd=invocation.dir, env={**os.environ, _REPORTS_VARIABLE: str(self._reports)},
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            )

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> bool | None:
        if item.nodeid not in self._nodeids or self._process is None:
            return None
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        for report in self._reports_of(item):
            item.ihook.pytest_runtest_logreport(report=report)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True

    def pytest_sessionfinish(self) -> None:
        if self._process is not None and self._process.poll() is None:  # this run stopped early
            self._process.kill()
            self._process.wait()
        if self._process is not None:
            shutil.rmtree(self._directory, ignore_errors=True)

    def _reports_of(self, item: pytest.Item) -> list[pytest.TestReport]:
        """The reports of ``item`` from the second process, waiting for them as long as it runs."""
        assert self._process is not None
        while item.nodeid not in self._finished:
            running = self._process.poll() is None  # before reading: a finished process wrote all
            with self._reports.open(encoding="utf-8") as reports:
                reports.seek(self._offset)
                self._pending += reports.read()
                self._offset = reports.tell()
            *lines, self._pending = self._pending.split("\n")
            for line in lines:
                self._take(json.loads(line))
            if not lines and not running:
                return [*self._received.pop(item.nodeid, []), self._missing(item)]
            if not lines:
                time.sleep(0.1)
        return self._received.pop(item.nodeid)

    def _take(self, data: dict) -> None:
        report = self._config.hook.pytest_report_from_serializable(config=self._config, data=data)
        if isinstance(report.longrepr, list):  # a skip's (path, line, reason), a list in JSON
            report.longrepr = tuple(report.longrepr)
        self._received.setdefault(report.nodeid, []).append(report)
        if report.when == "teardown":
            self._finished.add(report.nodeid)

    def _missing(self, item: pytest.Item) -> pytest.TestReport:
        """A failure for a test the second process ended without reporting."""
        output = self._log.read_text(encoding="utf-8", errors="replace")[-5000:]
        return pytest.TestReport(
            item.nodeid, item.location, {}, "failed",
            f"the second test process (tests/second_process.py) ended with status "
            f"{self._process.returncode if self._process else None} without reporting this test; "
            f"its output ends:\n{output}",
            "call",
        )
