"""Drive the worker process: send jobs, read what comes back, kill what hangs.

One job per module. A finding whose experiment hangs past its timeout (plus a grace period for
the worker's own alarm) gets its child killed; a child that dies (a crash, ``os._exit``, the OOM
killer) leaves its current finding inconclusive, and the module's remaining findings go to a
fresh child. User code can also end the worker process that forks the children (it is the
child's parent: ``os.kill(os.getppid(), signal.SIGKILL)``): then a new worker is started, the
finished results are kept, and the modules that were running are run again one at a time, so
that the one whose code ends the worker is known and gets the verdict. Nothing here imports jax.
"""

from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from collections import deque
from dataclasses import dataclass, field

from .options import FALLBACK_PATH, PLATFORMS, ValidateOptions
from .processes import describe_exit

GRACE_SECONDS = 5.0
SERVER_START_SECONDS = 120.0


@dataclass
class Job:
    path: str
    tasks: list[dict]  # each with "index"
    attempt: int = 0
    alone: bool = False  # run with no other job beside it (it was running when the worker died)
    beside: str | None = None  # the notebook the module was written from (its directory is on sys.path)


@dataclass
class Running:
    job: Job
    job_id: int
    started: float  # when the module clock started: the job was sent, then the worker reported ready
    pid: int | None = None
    current: int | None = None
    current_started: float = 0.0
    finished: set[int] = field(default_factory=set)
    killed_reason: str | None = None
    killed_at: float = 0.0
    last_mark: float = 0.0
    done: bool = False
    imported: bool = False


@dataclass
class Result:
    status: str
    evidence: str
    device: str


class Supervisor:
    def __init__(self, options: ValidateOptions, workdir: pathlib.Path) -> None:
        self.options = options
        self.workdir = workdir
        self.results: dict[tuple[str, int], Result] = {}
        # Seconds per finding: since the previous result of its module, or since the module's
        # job was sent (so the first finding carries the fork, backend start and import).
        self.timings: dict[tuple[str, int], float] = {}
        self.device = f"{options.device} (not started)"
        self.device_error: str | None = None
        self._queue: deque[Job] = deque()
        self._running: dict[int, Running] = {}
        self._next_id = 0
        self._server: subprocess.Popen | None = None
        self._buffer = bytearray()
        self._restarts_left = 3
        # Called as progress(findings settled, findings planned) after each new verdict.
        self.progress: Callable[[int, int], None] | None = None
        self._planned = 0

    # -- public ------------------------------------------------------------------------------

    def run(self, jobs: list[Job]) -> dict[tuple[str, int], Result]:
        self._queue.extend(jobs)
        self._planned += sum(len(job.tasks) for job in jobs)
        if not self._queue:
            return self.results
        self._restarts_left = 3 + sum(len(job.tasks) for job in self._queue)  # each restart settles a task
        try:
            self._start_server()
            while True:
                try:
                    self._loop()
                    break
                except _ServerGone as gone:
                    self._restart_server(gone)
        except ValidatorUnavailable:
            raise
        except _ServerGone as gone:
            self._fail_everything(f"the validator's worker process stopped: {gone}")
        finally:
            self._stop_server()
        return self.results

    def _restart_server(self, gone: _ServerGone) -> None:
        """The worker process ended under running jobs (their code killed it, or the OOM killer
        did). With one job running, that job's current finding gets the verdict, as when a child
        dies; with several, each runs again alone. Raises ``gone`` when no restart is left."""
        status = self._server_status()
        running = list(self._running.values())
        self._stop_server()
        self._selector.close()
        self._server, self._buffer = None, bytearray()
        if self._restarts_left <= 0:
            raise gone
        self._restarts_left -= 1
        if len(running) == 1:
            culprit = running[0]
            where = "during the experiment" if culprit.current is not None else "while importing the module"
            culprit.killed_reason = culprit.killed_reason or (
                f"the validator's worker process {_ended(status)} {where}: the code ended the process that runs its module"
            )
            self._finish(culprit, status, alone=True)
        else:
            for suspect in running:
                del self._running[suspect.job_id]
                rest = [t for t in suspect.job.tasks if t["index"] not in suspect.finished]
                if rest and not suspect.done:
                    self._queue.appendleft(Job(suspect.job.path, rest, suspect.job.attempt, alone=True, beside=suspect.job.beside))
        self._start_server()

    def _server_status(self) -> str:
        if self._server is None:
            return "ended"
        try:
            return describe_exit(self._server.wait(timeout=GRACE_SECONDS))
        except subprocess.TimeoutExpired:
            return "stopped answering"

    # -- the worker process --------------------------------------------------------------------

    def _start_server(self) -> None:
        env = dict(os.environ)
        platforms = PLATFORMS[self.options.device]
        if platforms is None:
            env.pop("JAX_PLATFORMS", None)
        else:
            env["JAX_PLATFORMS"] = platforms
        env.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        env["PYTHONUNBUFFERED"] = "1"
        env = self.target_environment(env)
        env["TF_CPP_MIN_LOG_LEVEL"] = env.get("TF_CPP_MIN_LOG_LEVEL", "2")
        self._log = open(self.workdir / "worker.log", "wb")  # noqa: SIM115
        # The worker starts in the temporary directory: a relative --python is the caller's.
        python = os.path.abspath(self.options.python) if self.options.python else sys.executable
        try:
            self._server = subprocess.Popen(
                [python, "-m", "jaxcheck.runtime.worker", str(self.workdir)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log, env=env,
                cwd=self.workdir, start_new_session=True,
            )
        except OSError as error:
            raise ValidatorUnavailable(f"cannot start the interpreter {python!r} given with --python: {error}") from error
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._server.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            try:
                messages = self._read(1.0)
            except _ServerGone as gone:
                raise ValidatorUnavailable(f"the validator's worker could not start in {python}: {gone}") from gone
            for message in messages:
                if message.get("event") == "server_ready":
                    return
                if message.get("event") == "no_jax":
                    raise ValidatorUnavailable(
                        f"validation needs jax in the interpreter it runs with ({message['python']}: "
                        f"{message['message']}); install it there with `{message['python']} -m pip install "
                        f"'jax>=0.10.2,<0.11'`, or point --python at your project's interpreter"
                    )
        raise _ServerGone(f"it did not start within {SERVER_START_SECONDS:g} s ({self._log_tail()})")

    def target_environment(self, env: dict[str, str]) -> dict[str, str]:
        """``env`` for a process of the chosen interpreter (the worker, the project's tests): it
        imports this very jaxcheck, installed there or not, and nothing else from where jaxcheck
        is installed, so the experiments use that interpreter's jax and libraries. The libraries
        jaxcheck itself needs there (libcst: the pytest plugin instruments the tests' source)
        come last, after the interpreter's own site-packages (``FALLBACK_PATH``): a project
        environment that did not install jaxcheck still has them, one that did keeps its own."""
        env = dict(env)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(self._linked("jaxcheck-package", "jaxcheck")), env.get("PYTHONPATH")) if p)
        env[FALLBACK_PATH] = str(self._linked("jaxcheck-dependencies", "libcst"))
        return env

    def _linked(self, folder: str, package: str) -> pathlib.Path:
        """A directory that holds ``package``, as this process imports it, and nothing else (a link)."""
        directory = self.workdir / folder
        link = directory / package
        if not link.exists():
            directory.mkdir(exist_ok=True)
            spec = importlib.util.find_spec(package)
            assert spec is not None and spec.submodule_search_locations
            link.symlink_to(pathlib.Path(next(iter(spec.submodule_search_locations))).resolve(), target_is_directory=True)
        return directory

    def _stop_server(self) -> None:
        for running in self._running.values():
            self._kill(running)
        if self._server is not None:
            try:
                self._server.stdin.close()
                self._server.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self._server.kill()
                self._server.wait()
        if hasattr(self, "_log"):
            self._log.close()

    def _read(self, timeout: float) -> list[dict]:
        if self._server is None or self._server.stdout is None:
            return []
        messages = []
        for _ in self._selector.select(timeout):
            data = os.read(self._server.stdout.fileno(), 1 << 20)
            if not data:
                raise _ServerGone(f"it ended unexpectedly ({self._log_tail()})")
            self._buffer.extend(data)
        *lines, rest = bytes(self._buffer).split(b"\n")
        self._buffer[:] = rest
        for line in lines:
            try:
                messages.append(json.loads(line))
            except ValueError:
                continue
        return messages

    def _log_tail(self) -> str:
        try:
            text = (self.workdir / "worker.log").read_text(errors="replace").strip().splitlines()
        except OSError:
            return "no log"
        return text[-1][:300] if text else "no output"

    # -- scheduling ------------------------------------------------------------------------------

    def _loop(self) -> None:
        jobs = self.options.jobs or os.cpu_count() or 1
        while self._queue or self._running:
            while self._queue and len(self._running) < jobs and self.device_error is None:
                if any(r.job.alone for r in self._running.values()) or (self._queue[0].alone and self._running):
                    break
                self._submit(self._queue.popleft())
            if self.device_error is not None and not self._running:
                break
            for message in self._read(0.2):
                self._handle(message)
            self._check_clocks()
        for job in self._queue:
            for task in job.tasks:
                self._set(job.path, task["index"], "inconclusive", self.device_error or "not run")

    def _submit(self, job: Job) -> None:
        job_id = self._next_id
        self._next_id += 1
        workdir = self.workdir / f"job-{job_id}"
        workdir.mkdir()
        payload = {
            "job": job_id, "path": job.path, "tasks": job.tasks, "workdir": str(workdir),
            "log": str(workdir / "output.log"), "timeout": self.options.timeout,
            "module_timeout": self.options.module_timeout, "memory_mb": self.options.memory_mb,
            "limit_memory": self.options.device == "cpu", "device": self.options.device,
            "examples": {k: list(v) for k, v in self.options.examples.items()}, "beside": job.beside,
        }
        now = time.monotonic()
        self._running[job_id] = Running(job, job_id, now, last_mark=now)
        try:
            self._server.stdin.write((json.dumps(payload) + "\n").encode())
            self._server.stdin.flush()
        except OSError as error:
            raise _ServerGone(str(error)) from error

    def _handle(self, message: dict) -> None:
        running = self._running.get(message.get("job", -1))
        if running is None:
            return
        event = message.get("event")
        path = running.job.path
        if event == "started":
            running.pid = message["pid"]
        elif event == "ready":
            self.device = message["device"]
            running.imported = False
            running.started = time.monotonic()  # the worker starts its own module clock now
        elif event == "device_error":
            self.device_error = (
                f"no {self.options.device} device is available to JAX ({message['message']}); "
                f"run with --device cpu or on a machine with one"
            )
            for task in running.job.tasks:
                self._set(path, task["index"], "inconclusive", self.device_error)
            running.done = True
        elif event == "import_error":
            for task in running.job.tasks:
                self._set(path, task["index"], "inconclusive", message["message"])
            running.done = True
        elif event == "start":
            running.imported = True
            running.current = message["index"]
            running.current_started = time.monotonic()
        elif event == "result":
            now = time.monotonic()
            self.timings[(path, message["index"])] = now - running.last_mark
            running.last_mark = now
            self._set(path, message["index"], message["status"], message["evidence"], message.get("device"))
            running.finished.add(message["index"])
            running.current = None
        elif event == "done":
            running.done = True
        elif event == "crash":
            running.killed_reason = running.killed_reason or f"the validator failed: {message['message']}"
        elif event == "exit":
            self._finish(running, message["status"])

    def _finish(self, running: Running, status: str, alone: bool = False) -> None:
        del self._running[running.job_id]
        if running.done:
            return
        path = running.job.path
        output = self._child_output(running.job_id)
        if running.current is not None and (path, running.current) not in self.results:
            reason = running.killed_reason or f"the worker process {_ended(status)} during the experiment{output}"
            self._set(path, running.current, "inconclusive", reason)
            running.finished.add(running.current)
        rest = [t for t in running.job.tasks if t["index"] not in running.finished]
        if not rest:
            return
        if not running.imported or running.job.attempt >= 3:
            reason = running.killed_reason or f"the worker process ended while importing the module ({status}){output}"
            for task in rest:
                self._set(path, task["index"], "inconclusive", reason)
            return
        self._queue.append(Job(path, rest, running.job.attempt + 1, alone=alone or running.job.alone, beside=running.job.beside))

    def _child_output(self, job_id: int) -> str:
        try:
            lines = (self.workdir / f"job-{job_id}" / "output.log").read_text(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return f"; last output: {lines[-1][:200]}" if lines else ""

    def _check_clocks(self) -> None:
        now = time.monotonic()
        for running in list(self._running.values()):
            if running.killed_at:
                self._check_killed(running, now)
                continue
            if running.pid is None or running.killed_reason:
                continue
            if running.current is not None and now - running.current_started > self.options.timeout + GRACE_SECONDS:
                running.killed_reason = (
                    f"the experiment did not finish within {self.options.timeout:g} s and did not respond "
                    f"to the alarm (stuck outside Python?); the worker was stopped"
                )
                self._kill(running)
            elif now - running.started > self.options.module_timeout + GRACE_SECONDS:
                running.killed_reason = f"the module's experiments did not finish within {self.options.module_timeout:g} s"
                self._kill(running)
                for task in running.job.tasks:
                    if task["index"] not in running.finished:
                        self._set(running.job.path, task["index"], "inconclusive", running.killed_reason)
                running.done = True

    def _check_killed(self, running: Running, now: float) -> None:
        """A killed child whose exit the server does not report: the server itself may have
        been stopped by the code (SIGSTOP to its parent). Continue it, then give the job up."""
        if now - running.killed_at > GRACE_SECONDS and self._server is not None:
            try:
                os.killpg(self._server.pid, signal.SIGCONT)
            except (ProcessLookupError, PermissionError):
                pass
        if now - running.killed_at > 3 * GRACE_SECONDS:
            self._finish(running, "lost: the worker did not report its end")

    def _kill(self, running: Running) -> None:
        if running.pid is None:
            return
        running.killed_at = running.killed_at or time.monotonic()
        try:
            os.killpg(running.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            try:
                os.kill(running.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def _set(self, path: str, index: int, status: str, evidence: str, device: str | None = None) -> None:
        if (path, index) in self.results:
            return
        self.results[(path, index)] = Result(status, evidence, device or self.device)
        if self.progress is not None:
            self.progress(len(self.results), max(self._planned, len(self.results)))

    def _fail_everything(self, reason: str) -> None:
        for running in self._running.values():
            for task in running.job.tasks:
                self._set(running.job.path, task["index"], "inconclusive", reason)
        for job in self._queue:
            for task in job.tasks:
                self._set(job.path, task["index"], "inconclusive", reason)
        self._running.clear()
        self._queue.clear()


class _ServerGone(Exception):
    pass


def _ended(status: str) -> str:
    """``killed by SIGKILL`` -> ``was killed by SIGKILL``; ``exit status 7`` -> ``ended (exit status 7)``."""
    return f"was {status}" if status.startswith("killed") else f"ended ({status})"


class ValidatorUnavailable(Exception):
    """No experiment can run at all (no jax in the chosen interpreter, no interpreter): said
    once, instead of one inconclusive finding per finding."""
