"""Worker processes that check many files at once, and never outlive or outlast the run.

Ctrl-C reaches the parent only: workers ignore SIGINT and the parent terminates them at once
(waiting for their current chunks took seconds). Each worker watches its parent and exits when
the parent is gone (killed, not just interrupted). A worker that dies (a crash in a native
library) breaks only its chunk: those files are checked again one per process, so the file
that kills its process is named and every other file still gets its result.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from .schedule import Schedule

Item = TypeVar("Item")
Result = TypeVar("Result")
_PARENT_POLL_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1


def _worker_setup(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="jaxcheck-parent-watch", daemon=True).start()


def _die_with_parent() -> None:
    """On Linux the kernel kills the worker when its parent dies, even while the worker is busy
    in native code that holds the GIL (the watching thread then cannot run)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def map_ordered(
    function: Callable[[Sequence[Item]], list[Result]],
    items: Sequence[Item],
    weights: Sequence[float],
    workers: int,
    crashed: Callable[[Item], Result],
    read: Callable[[list[Result]], Iterable[Item]] = lambda results: (),
    runs_per_worker: int = 8,
) -> Iterator[list[Result]]:
    """``function(run)`` over runs of neighbouring ``items`` in ``workers`` processes, as each
    run finishes (see :class:`jaxcheck.schedule.Schedule` for which process takes which run;
    ``read(results)``: the items a process has read while producing ``results``).

    The items of a run whose process died are retried one per process; an item that kills its
    process again becomes ``crashed(item)``.
    """
    schedule = Schedule(items, weights, workers, sum(weights) / (workers * runs_per_worker) or 1.0)
    broken: list[Sequence[Item]] = []
    pools = [_pool(1) for _ in range(workers)]
    running: dict[Future, tuple[int, Sequence[Item], ProcessPoolExecutor]] = {}
    try:
        def submit(slot: int) -> None:
            while sum(1 for queued in running.values() if queued[0] == slot) < _QUEUED_PER_WORKER:
                run = schedule.take(slot)
                if not run:
                    return
                with _sigint_held():  # a worker may be forked here: a Ctrl-C must reach the parent only
                    running[pools[slot].submit(function, run)] = (slot, run, pools[slot])

        for slot in range(workers):
            submit(slot)
        while running:
            done, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in done:
                slot, run, pool = running.pop(future)
                try:
                    results = future.result()
                except BrokenProcessPool:
                    broken.append(run)
                    if pools[slot] is pool:  # its process died: the slot goes on in a new one
                        terminate(pool)
                        pools[slot] = _pool(1)
                    continue
                if pools[slot] is pool:
                    schedule.read_by(slot, read(results))
                yield results
            for slot in range(workers):
                submit(slot)
        for run in broken:
            yield [_isolated(function, item, crashed) for item in run]
    finally:
        for pool in pools:
            terminate(pool)


_QUEUED_PER_WORKER = 2  # one running, one waiting: no idle gap while the parent takes a result


def _isolated(function: Callable[[Sequence[Item]], list[Result]], item: Item, crashed: Callable[[Item], Result]) -> Result:
    pool = _pool(1)
    try:
        with _sigint_held():
            future = pool.submit(function, [item])
        return future.result()[0]
    except BrokenProcessPool:
        return crashed(item)
    finally:
        terminate(pool)


@contextmanager
def _sigint_held() -> Iterator[None]:
    """While workers may be forked: a Ctrl-C must reach the parent only. SIGINT is blocked in
    this thread (a worker forked now starts with it blocked, and ignores it from its setup on)
    and stays pending for the parent, which gets it once the fork is done; a parent that is
    asked to submit work throughout a run must not lose it. Where signals cannot be blocked,
    SIGINT is ignored for those milliseconds instead."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if hasattr(signal, "pthread_sigmask"):
        previous_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous_mask)
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield  # a Ctrl-C in these milliseconds is lost; the next one is handled
    finally:
        signal.signal(signal.SIGINT, previous)


def _pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers, initializer=_worker_setup, initargs=(os.getpid(),))


def terminate(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: pending work is dropped and running workers are killed."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=1)
        if process.is_alive():
            process.kill()
    # The pool's manager thread closes its wake-up pipe as it ends; let it end now. Python 3.11's
    # exit hook otherwise may write to that pipe while the thread closes it, and print
    # "Exception ignored ... OSError: [Errno 9] Bad file descriptor" after a Ctrl-C (seen once
    # in the fast loop, test_ctrl_c_ends_a_parallel_run_at_once_without_a_traceback).
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None and manager is not threading.current_thread():
        manager.join(timeout=1)
