"""What one file may cost before its analysis stops, so that no input holds up the run.

Two bounds, both reported as a JAX001 for that file while the run goes on:

- **syntax nodes** (``max-syntax-nodes``): counted by CPython's parser, which is about ten times
  faster than libcst's, before libcst sees the file. The time of everything after grows with the
  number of nodes, so the bound caps it; it depends on the file alone, so its findings can be
  cached like any others. jax's own largest module (``jax/_src/lax/lax.py``) has about 55,000.
- **seconds** (``file-timeout``): a safety net for what the node bound does not foresee. The
  analysis looks at the clock every :data:`_TICKS_PER_LOOK` steps and stops once the file's
  time is up; reading and parsing the other modules it imports does not count (:func:`paused`). A stop depends on the machine's load, so it is never cached, and the message says
  how to raise the bound.
"""

from __future__ import annotations

import ast
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

MAX_SYNTAX_NODES = 60_000
FILE_TIMEOUT = 20.0
TIMEOUT_ERROR = "analysis-timeout"  # the name of the FileError of a stop, which is never cached

_TICKS_PER_LOOK = 1024
_ticks = 0
_deadline = threading.local()


class FileTimeout(BaseException):
    """The analysis of one file used up its time (a BaseException, so that no `except
    Exception` on the way, in the analysis or around a rule, takes it for an error of its own)."""


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Stop the analysis running on this thread (see :func:`tick`) once ``seconds`` have passed."""
    previous = getattr(_deadline, "at", None)
    _deadline.at = None if seconds is None else time.monotonic() + seconds
    try:
        yield
    finally:
        _deadline.at = previous


@contextmanager
def paused() -> Iterator[None]:
    """Time that is not this file's: reading and parsing another module of the project, which
    the files that import it share (measured: one pallas kernel of jax, 0.4 s alone, passed
    20 s in a run over jax's 620 files while it read the modules it imports)."""
    start = time.monotonic()
    try:
        yield
    finally:
        at = getattr(_deadline, "at", None)
        if at is not None:
            _deadline.at = at + (time.monotonic() - start)


def tick() -> None:
    """One step of analysis; every :data:`_TICKS_PER_LOOK` steps, a look at the clock."""
    global _ticks
    _ticks += 1
    if _ticks % _TICKS_PER_LOOK == 0:
        at = getattr(_deadline, "at", None)
        if at is not None and time.monotonic() > at:
            raise FileTimeout


def more_syntax_nodes(tree: ast.AST, limit: int) -> bool:
    """Whether ``tree`` has more than ``limit`` nodes (counting stops there)."""
    count = 0
    stack = [tree]
    while stack:
        node = stack.pop()
        count += 1
        if count > limit:
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def may_exceed(source: str, limit: int) -> bool:
    """Whether ``source`` is long enough to hold more than ``limit`` nodes: no Python spends
    less than half a character on a node (each `-` of `---x` is an operation and its operator),
    so shorter files need no count."""
    return len(source) > limit // 2
