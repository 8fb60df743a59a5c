"""Runs the suite in two pytest processes, this one and a second beside it, sharing the work.

pytest runs tests one after another in one process; CI has two cores. So as soon as the tests
are collected a second pytest process starts, with this run's own arguments, and the two share
the tests: the second runs `SECOND_PROCESS` (the type checkers and what shares their caches on
disk), this one `FIRST_PROCESS` (the ground-truth tests, whose runners it starts), and every other
test module goes to whichever process is free first: this process takes modules from the front
of the run's order, the second from the back, each claiming a module (a file created exclusively
in a directory both see) before it runs it, until they meet. A fixed split left one core idle for
minutes whenever the sides' times drifted apart (measured on CI: 1,090 s of pytest with one
process mostly busy; later, the second process finishing about 200 s before this one).

This process reports every test, its own as it runs them and the second's from the reports that
process wrote (pytest's own serialised reports: outcome, failure text, skip reason, captured
output and duration, exactly as if it had run here), in place after its own. Every test still
runs once, in one of the two processes, with the same fixtures and assertions; a module always
runs whole in one process, so its module fixtures are set up once.

There is no second process with `--pdb`, when ``JAXCHECK_TEST_PROCESSES=1``, when all the
selected tests belong to one side, or when they are fewer than `_MODULES_WORTH_A_PROCESS`
modules (one file, a directory of a few: starting and collecting a second pytest would cost
more than it saves).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator

import pytest

TESTS = pathlib.Path(__file__).parent
# Directories and files of tests/ run only by the second process. mypy, stubs and typing share
# mypy's caches and the stub environments; test_run_oldest_jax builds (or finds) the environment
# with the oldest jax in pytest's cache, as tests/stubs/test_stubs_versions.py does.
SECOND_PROCESS = ("mypy", "stubs", "typing", "runtime/test_run_oldest_jax.py")
# Run only by this process: the ground-truth tests wait for runners it starts after collection
# (tests/regression/conftest.py).
FIRST_PROCESS = ("regression/test_ground_truth.py",)
_MODULES_WORTH_A_PROCESS = 8
# The report file of a second process: set in that process's environment only.
_REPORTS_VARIABLE = "JAXCHECK_TESTS_SECOND_PROCESS_REPORTS"
_OFF_VARIABLE = "JAXCHECK_TEST_PROCESSES"


def _under(item: pytest.Item, entries: tuple[str, ...]) -> bool:
    path = pathlib.Path(item.path)
    if not path.is_relative_to(TESTS):
        return False
    relative = path.relative_to(TESTS).as_posix()
    return any(relative == entry or relative.startswith(entry + "/") for entry in entries)


def in_second_process(item: pytest.Item) -> bool:
    return _under(item, SECOND_PROCESS)


def _shared_modules(items: Iterable[pytest.Item]) -> list[list[pytest.Item]]:
    """The items either process may run, by module, in the run's order."""
    modules: dict[pathlib.Path, list[pytest.Item]] = {}
    for item in items:
        if not in_second_process(item) and not _under(item, FIRST_PROCESS):
            modules.setdefault(pathlib.Path(item.path), []).append(item)
    return list(modules.values())


class _Claims:
    """Which process runs each shared module: the one that creates its claim file first."""

    def __init__(self, directory: pathlib.Path) -> None:
        self._directory = directory
        self._directory.mkdir(exist_ok=True)

    def take(self, module: list[pytest.Item]) -> bool:
        name = hashlib.sha256(str(module[0].path).encode()).hexdigest()  # a file name of any path's length
        try:
            os.close(os.open(self._directory / name, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return False
        return True


def _run(session: pytest.Session, items: Iterator[pytest.Item]) -> None:
    """Runs ``items`` as pytest's own loop would, each told the next one (its fixtures' teardown
    depends on it); the next is drawn before an item runs, so a module is claimed before the
    last test of the one before it ends."""
    item = next(items, None)
    while item is not None:
        following = next(items, None)
        item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)
        if session.shouldfail:
            raise session.Failed(session.shouldfail)
        if session.shouldstop:
            raise session.Interrupted(session.shouldstop)
        item = following


def _claimed(claims: _Claims, modules: Iterable[list[pytest.Item]], taken: list[pytest.Item]) -> Iterator[pytest.Item]:
    """The items of ``modules`` in order, as long as each module can be claimed (each recorded
    in ``taken``): the other process claims from the other end, so the first module it holds
    means all that follow are its."""
    for module in modules:
        if not claims.take(module):
            return
        for item in module:
            taken.append(item)
            yield item


def _stop_before_running(session: pytest.Session) -> bool:
    if session.testsfailed and not session.config.option.continue_on_collection_errors:
        raise session.Interrupted(f"{session.testsfailed} error{'s' if session.testsfailed != 1 else ''} during collection")
    return bool(session.config.option.collectonly)


def register(config: pytest.Config) -> None:
    """Registers the side this process plays (from ``pytest_configure``)."""
    reports = os.environ.pop(_REPORTS_VARIABLE, None)  # a pytest started by a test is not a second process
    if reports is not None:
        config.pluginmanager.register(SecondProcess(config, pathlib.Path(reports)), "jaxcheck-second-process")
    elif os.environ.get(_OFF_VARIABLE) != "1" and not config.option.usepdb:
        config.pluginmanager.register(FirstProcess(config), "jaxcheck-first-process")


class SecondProcess:
    """In the second process: runs `SECOND_PROCESS`, then shared modules from the back of the
    run's order while it can claim them, writing each report."""

    def __init__(self, config: pytest.Config, reports: pathlib.Path) -> None:
        self._config = config
        self._claims = _Claims(reports.with_name("claims"))
        self._reports = reports.open("a", encoding="utf-8")

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        first = [item for item in items if _under(item, FIRST_PROCESS)]
        if first:
            items[:] = [item for item in items if not _under(item, FIRST_PROCESS)]
            config.hook.pytest_deselected(items=first)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        if _stop_before_running(session):
            return True
        own = [item for item in session.items if in_second_process(item)]
        _run(session, itertools.chain(own, _claimed(self._claims, reversed(_shared_modules(session.items)), [])))
        return True

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        data = self._config.hook.pytest_report_to_serializable(config=self._config, report=report)
        self._reports.write(json.dumps(data) + "\n")
        self._reports.flush()

    def pytest_unconfigure(self) -> None:
        self._reports.close()


class FirstProcess:
    """In the process pytest was started as: starts the second process, runs `FIRST_PROCESS` and
    shared modules from the front while it can claim them, then reports the second's tests."""

    def __init__(self, config: pytest.Config) -> None:
        self._config = config
        self._wanted = False
        self._process: subprocess.Popen | None = None
        self._directory = self._reports = self._log = pathlib.Path()
        self._received: dict[str, list[pytest.TestReport]] = {}
        self._finished: set[str] = set()
        self._pending = ""
        self._offset = 0

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        second = sum(in_second_process(item) for item in items)
        shared = len(_shared_modules(items))
        self._wanted = (0 < second < len(items)) or (not second and shared >= _MODULES_WORTH_A_PROCESS)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        if not self._wanted or self._config.option.collectonly:
            return
        invocation = self._config.invocation_params
        arguments = list(invocation.args)
        basetemp = self._config.option.basetemp
        if basetemp:  # this process empties its basetemp when it first uses it: the second takes a sibling
            arguments.append(f"--basetemp={pathlib.Path(basetemp).resolve()}-second-process")
        self._directory = pathlib.Path(tempfile.mkdtemp(prefix="jaxcheck-second-process-"))
        self._reports = self._directory / "reports.jsonl"
        self._claims = _Claims(self._directory / "claims")
        self._log = self._directory / "output.txt"
        self._reports.touch()
        with self._log.open("w", encoding="utf-8") as log:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "pytest", *arguments],
                cwd=invocation.dir, env={**os.environ, _REPORTS_VARIABLE: str(self._reports)},
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            )

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool | None:
        if self._process is None:
            return None  # pytest's own loop
        if _stop_before_running(session):
            return True
        taken: list[pytest.Item] = []
        first = [item for item in session.items if _under(item, FIRST_PROCESS)]
        _run(session, itertools.chain(_claimed(self._claims, _shared_modules(session.items), taken), first))
        ran = {item.nodeid for item in [*taken, *first]}
        for item in session.items:
            if item.nodeid not in ran:
                self._report_from_the_second(item)
                if session.shouldfail:
                    raise session.Failed(session.shouldfail)
                if session.shouldstop:
                    raise session.Interrupted(session.shouldstop)
        return True

    def _report_from_the_second(self, item: pytest.Item) -> None:
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        for report in self._reports_of(item):
            item.ihook.pytest_runtest_logreport(report=report)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)

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
