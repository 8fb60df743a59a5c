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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

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


def map_chunks(
    function: Callable[[Sequence[Item]], list[Result]],
    chunks: Sequence[Sequence[Item]],
    workers: int,
    crashed: Callable[[Item], Result],
) -> Iterator[list[Result]]:
    """``function(chunk)`` for every chunk in ``workers`` processes, as each finishes.

    The items of a chunk whose process died are retried one per process; an item that kills
    its process again becomes ``crashed(item)``.
    """
    broken: list[Sequence[Item]] = []
    pool = _pool(workers)
    try:
        with _sigint_ignored():  # workers are forked here: a Ctrl-C now must reach the parent only
            futures = {pool.submit(function, chunk): chunk for chunk in chunks if chunk}
        for future in as_completed(futures):
            try:
                result = future.result()
            except BrokenProcessPool:
                broken.append(futures[future])
                continue
            yield result
        pool.shutdown()
        for chunk in broken:
            yield [_isolated(function, item, crashed) for item in chunk]
    finally:
        terminate(pool)


def _isolated(function: Callable[[Sequence[Item]], list[Result]], item: Item, crashed: Callable[[Item], Result]) -> Result:
    pool = _pool(1)
    try:
        with _sigint_ignored():
            future = pool.submit(function, [item])
        return future.result()[0]
    except BrokenProcessPool:
        return crashed(item)
    finally:
        terminate(pool)


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
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
