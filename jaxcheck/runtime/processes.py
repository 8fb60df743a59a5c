"""Keeping the processes user code starts inside the run (Linux; elsewhere these do nothing).

The worker server makes itself a *child subreaper*: a process started by user code whose parent
dies (a `subprocess.Popen` left running, a daemon started with `setsid`, a double fork) is
re-parented to the server instead of to init, so the server can find it and kill it when the
module's job ends. Job children ask to be killed when the server dies (``PR_SET_PDEATHSIG``),
and the server, seeing its input close (the validator ended, even by SIGKILL), kills every
process below it and removes the run's temporary directory.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
from collections.abc import Iterable

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


def _prctl(option: int, value: int) -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def become_subreaper() -> bool:
    return _prctl(_PR_SET_CHILD_SUBREAPER, 1)


def die_with_parent() -> bool:
    return _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def children_of(pid: int) -> list[int]:
    """Direct children of ``pid``, from /proc (empty where /proc is missing)."""
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return found
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 1 and int(fields[1]) == pid:
            found.append(int(entry))
    return found


def descendants_of(pid: int) -> list[int]:
    found, stack = [], [pid]
    while stack:
        for child in children_of(stack.pop()):
            if child not in found:
                found.append(child)
                stack.append(child)
    return found


def kill(pids: Iterable[int]) -> None:
    for pid in pids:
        for signal_number in (signal.SIGKILL, signal.SIGCONT):
            try:
                os.kill(pid, signal_number)
            except (ProcessLookupError, PermissionError):
                break


def kill_orphans(keep: Iterable[int]) -> list[int]:
    """Kill every process below this one except the trees of ``keep``; reap its children."""
    kept = set(keep)
    for pid in kept.copy():
        kept.update(descendants_of(pid))
    victims = [pid for pid in descendants_of(os.getpid()) if pid not in kept]
    kill(victims)
    for pid in victims:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass
    return victims


def describe_exit(code: int) -> str:
    """How a process ended, from its exit code as ``subprocess`` gives it (negative: the signal
    that killed it; ``os.waitstatus_to_exitcode`` turns a wait status into one)."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def remove_tree(path: str | None) -> None:
    if path:
        shutil.rmtree(path, ignore_errors=True)
