"""The worker: ``python -m jaxcheck.runtime.worker``.

It imports jax once (without starting a backend), then reads jobs, one JSON line per module,
on stdin, and forks one child per job. The child caps its memory, starts the backend, imports
the user's module, runs one experiment per finding and writes JSON lines to a pipe; this process
relays them to stdout tagged with the job id, and reports how each child ended. Nothing the user's
code prints can reach the channel: children write fds 1 and 2 to a log file.
"""

from __future__ import annotations

import json
import os
import pathlib
import resource
import selectors
import signal
import sys
import sysconfig
import time
import traceback
from typing import Any, TextIO

from . import processes

# Everything a child needs is imported before forking, so children start in milliseconds.
try:
    import jax  # noqa: F401 - imported here once for all children
    import jax.numpy  # noqa: F401
except ImportError as missing_jax:  # reported once by `serve`, with what to install
    MISSING_JAX: str | None = str(missing_jax)
else:
    MISSING_JAX = None
    from . import loader, resolve
    from .compile_log import compile_log
    from .probes import prng, purity, recompilation, stale_state, static_args, tracing, unrolling
    from .probes import base
    from .probes.base import Outcome, inconclusive

    # Frames of these files are not the user's code (the innermost user frame says where it was).
    _LIBRARY_PREFIXES = tuple(
        {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["stdlib"], str(pathlib.Path(__file__).parents[1])}
    )
    _COMPILER_FILE = "jax/_src/compiler.py"


class Timeout(BaseException):
    """The experiment ran past its time limit (a BaseException: user code cannot swallow it
    with ``except Exception``)."""

    stops_worker = True


def _on_alarm(signum: int, frame: Any) -> None:
    raise Timeout()


class Context:
    def __init__(self, job: dict) -> None:
        self.configured: dict[str, list[str]] = job.get("examples", {})
        self.loaded: loader.LoadedModule | None = None

    def for_target(self, target: resolve.Target) -> list[str]:
        assert self.loaded is not None
        return resolve.configured_for(self.configured, self.loaded, target.name)


def run_task(task: dict, loaded: loader.LoadedModule, context: Context) -> Outcome:
    if task.get("probe"):  # PRNG keys (JAX5xx) and unrolled loops (JAX407)
        spec = task.get("container") or task.get("entry")
        target = resolve.resolve(loaded, spec, context.configured) if spec else None
        probe = prng if task["probe"] == "prng" else unrolling
        return probe.run(task, loaded, target, context.for_target(target) if target else [])
    band = task["band"]
    if band == "3":
        found = static_args.from_import(task, loaded)
        if found is not None:
            return found
    failure = None if task.get("elsewhere") else loaded.failure_at(task["line"])
    if band == "2" and failure is not None and tracing.is_concretization_error(failure.error):
        return Outcome("confirmed", f"running the module raised {failure.summary} (the statement at line {failure.start})")
    if band == "4":
        if task.get("module_level"):
            return recompilation.run_module_level(task, loaded)
        container = resolve.resolve(loaded, task["container"], context.configured)
        return recompilation.run_in_function(task, loaded, container, context.for_target(container))
    target = None
    if task.get("entry"):
        target = resolve.resolve(loaded, task["entry"], context.configured)
    if band == "3":
        configured = context.for_target(target) if target else []
        return static_args.run(task, loaded, target, configured, context)
    if target is None:
        return inconclusive(task.get("reason") or "the function could not be found")
    if task["code"] == "JAX108":
        probe = stale_state
    else:
        probe = purity if band == "1" else tracing
    return probe.run(task, loaded, target, context.for_target(target))


def _guarded(
    task: dict, loaded: loader.LoadedModule, context: Context, limit: float, memory_mb: int, option: str = "--timeout",
) -> Outcome:
    base.doing("reaching the function (its instance, its arguments)")
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return run_task(task, loaded, context)
    except Timeout as timeout:
        return inconclusive(_timed_out(timeout, f"its {limit:g} s limit ({option})"))
    except resolve.Unreachable as error:
        return inconclusive(str(error))
    except MemoryError:
        return inconclusive(f"the code ran out of memory (the worker is limited to {memory_mb} MiB)")
    except SystemExit as error:
        return inconclusive(f"the code called sys.exit({error.code!r}) during the experiment")
    except RecursionError:
        return inconclusive("the code recursed too deeply during the experiment")
    except Exception as error:  # noqa: BLE001 - the validator must not fail on user code
        return inconclusive(f"the experiment failed: {loader.describe_exception(error)}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _timed_out(timeout: Timeout, limit: str) -> str:
    """A timeout, what the experiment was doing, and where the code was (slow is not stuck:
    compiling a real model on CPU takes seconds)."""
    frames = traceback.extract_tb(timeout.__traceback__)
    user = [f for f in frames if not f.filename.startswith(_LIBRARY_PREFIXES)]
    where = f" at {pathlib.Path(user[-1].filename).name}:{user[-1].lineno} (`{user[-1].name}`)" if user else ""
    if any(f.filename.endswith(_COMPILER_FILE) for f in frames):
        where += ", in XLA compilation"
    return (
        f"timed out: the experiment ran past {limit} while {base.activity()}{where}; "
        "if the code is slow rather than stuck, raise the limit"
    )


def _device(requested: str) -> str:
    device = jax.devices()[0]
    if device.platform != requested:
        raise RuntimeError(f"JAX's default device is {device.platform}:{device.id}, not a {requested}")
    return f"{device.platform}:{device.id} ({device.device_kind})"


def run_job(job: dict, channel: TextIO) -> None:
    """The child: one module, every finding in order."""

    def send(message: dict) -> None:
        channel.write(json.dumps(message) + "\n")
        channel.flush()

    memory_mb = job["memory_mb"]
    if job.get("limit_memory"):
        # The data limit counts the memory the code writes (heap, arrays), not the address space
        # that libraries reserve: a 4 GiB address-space cap aborts `import jax` where jax has its
        # CUDA plugin, even with JAX_PLATFORMS=cpu (bench/memory_cap_probe.py).
        limit = memory_mb << 20
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
    signal.signal(signal.SIGALRM, _on_alarm)
    try:
        device = _device(job.get("device", "cpu"))
    except Exception as error:  # noqa: BLE001 - no such backend
        send({"event": "device_error", "message": loader.describe_exception(error)})
        return
    send({"event": "ready", "device": device})
    compile_log()
    sys.argv = [""]  # as in an interactive interpreter: the worker's own arguments are not the code's
    context = Context(job)
    started = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, job["module_timeout"])
    try:
        lines = [line for task in job["tasks"] if not task.get("elsewhere") for line in task["lines"]]
        loaded = loader.load(job["path"], lines, job.get("beside"))
    except Timeout:
        send({"event": "import_error", "message": f"importing the module took longer than {job['module_timeout']:g} s"})
        return
    except BaseException as error:  # noqa: BLE001 - unreadable or unparsable file
        send({"event": "import_error", "message": f"the module could not be loaded: {loader.describe_exception(error)}"})
        return
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    context.loaded = loaded
    for task in job["tasks"]:
        remaining = job["module_timeout"] - (time.monotonic() - started)
        if remaining <= 0:
            break
        send({"event": "start", "index": task["index"]})
        option = "--timeout" if job["timeout"] <= remaining else "what was left of --module-timeout"
        outcome = _guarded(task, loaded, context, min(job["timeout"], remaining), memory_mb, option)
        send({"event": "result", "index": task["index"], "status": outcome.status, "evidence": outcome.evidence, "device": device})
    send({"event": "done"})


def _child(job: dict, write_fd: int) -> None:
    os.setpgid(0, 0)
    processes.die_with_parent()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    log = os.open(job["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.chdir(job["workdir"])
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    channel = os.fdopen(write_fd, "w", buffering=1)
    try:
        run_job(job, channel)
    except BaseException as error:  # noqa: BLE001 - report, then leave without cleanup
        try:
            channel.write(json.dumps({"event": "crash", "message": loader.describe_exception(error)}) + "\n")
            channel.flush()
        except BaseException:  # noqa: BLE001
            pass
    os._exit(0)


def serve(workdir: str | None = None) -> None:
    """The parent: relay between the validator (stdin/stdout) and one child per job.

    When its input closes while jobs still run (the validator ended: Ctrl-C, SIGTERM, SIGKILL),
    it kills every process below it and removes ``workdir``. After each job it kills what the
    job's code left running (it is their subreaper, see ``processes``)."""
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # stray prints of this process go to stderr, never into the channel
    if MISSING_JAX is not None:
        out.write(json.dumps({"event": "no_jax", "message": MISSING_JAX, "python": sys.executable}) + "\n")
        return
    processes.become_subreaper()
    selector = selectors.DefaultSelector()
    selector.register(0, selectors.EVENT_READ, None)
    children: dict[int, tuple[int, int, bytearray]] = {}  # fd -> (job id, pid, buffer)
    try:
        out.write(json.dumps({"event": "server_ready"}) + "\n")
    except BrokenPipeError:  # the validator ended while this process started
        processes.remove_tree(workdir)
        return
    stdin_open = True
    pending = bytearray()
    while stdin_open or children:
        for key, _ in selector.select(timeout=1.0):
            if key.data is None:
                data = os.read(0, 1 << 20)
                if not data:
                    stdin_open = False
                    selector.unregister(0)
                    if children:  # the validator is gone: nothing may outlive it
                        _abandon(children, workdir)
                        return
                    continue
                pending.extend(data)
                *lines, rest = bytes(pending).split(b"\n")
                pending[:] = rest
                for line in lines:
                    if line.strip():
                        _start(json.loads(line), children, selector, out)
                continue
            fd = key.fd
            job_id, pid, buffer = children[fd]
            data = os.read(fd, 65536)
            if data:
                buffer.extend(data)
                *lines, rest = bytes(buffer).split(b"\n")
                buffer[:] = rest
                for raw in lines:
                    try:
                        message = json.loads(raw)
                    except ValueError:
                        continue
                    message["job"] = job_id
                    out.write(json.dumps(message) + "\n")
                continue
            selector.unregister(fd)
            os.close(fd)
            del children[fd]
            _, status = os.waitpid(pid, 0)
            left = processes.kill_orphans(keep=[p for _, p, _ in children.values()])
            out.write(json.dumps({
                "job": job_id, "event": "exit", "status": processes.describe_exit(os.waitstatus_to_exitcode(status)),
                "killed_orphans": len(left),
            }) + "\n")
    processes.kill_orphans(keep=[])


def _abandon(children: dict, workdir: str | None) -> None:
    for _, pid, _ in children.values():
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    processes.kill_orphans(keep=[])
    processes.remove_tree(workdir)


def _start(job: dict, children: dict, selector: selectors.BaseSelector, out: TextIO) -> None:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _child(job, write_fd)
    os.close(write_fd)
    children[read_fd] = (job["job"], pid, bytearray())
    selector.register(read_fd, selectors.EVENT_READ, "child")
    out.write(json.dumps({"job": job["job"], "event": "started", "pid": pid}) + "\n")


if __name__ == "__main__":
    serve(sys.argv[1] if len(sys.argv) > 1 else None)
