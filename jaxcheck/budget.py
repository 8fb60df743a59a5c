"""What one file may cost before its analysis stops, so that no input holds up the run.

Three bounds, each reported as a JAX001 for that file while the run goes on:

- **syntax nodes** (``max-syntax-nodes``): counted by CPython's parser, which is about ten times
  faster than libcst's, before libcst sees the file. The time of everything after grows with the
  number of nodes, so the bound caps it; it depends on the file alone, so its findings can be
  cached like any others. It applies to the modules of the project that a file's analysis reads
  as well (a module over it is not read, and the run's notes say so).
- **nested brackets** (:data:`MAX_NESTED_BRACKETS`, not configurable, as the nesting bound of
  :mod:`.parsing` is not): calls, subscripts and displays nested in one another, each counted
  once per bracket around it, in the same pass as the nodes; libcst's parse time grows with the
  square of their depth. They are counted only where the file's text shows many
  (:func:`may_nest_deeply`).
- **seconds** (``file-timeout``): a safety net for what the node bound does not foresee. The
  analysis looks at the clock every :data:`_TICKS_PER_LOOK` steps and stops once the file's
  time is up; reading and parsing the other modules it imports does not count (:func:`paused`). A stop depends on the machine's load, so it is never cached, and the message says
  how to raise the bound.
"""

from __future__ import annotations

import ast
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .diagnostics import FileError
from .parsing import python_ast

# Measured on this project's benchmark machine (bench/bench_adversarial.py, CPU seconds a file
# adds to a run): at 60,000 nodes the slowest shapes of input took 2.0-3.4 s, libcst's parse
# alone up to 3.2 s of it; at 30,000 every shape takes at most 2.0 s. Real modules are smaller:
# of 3,139 modules of JAX libraries and research code, half have under 600 nodes, 99 % under
# 7,200 and the largest 24,181 (numpyro's distributions/continuous.py); jax's own lax.py has
# 55,469 and 24 of 2,272 modules of jax, flax, numpy, scipy and mypy pass 30,000.
MAX_SYNTAX_NODES = 30_000
# Brackets inside brackets (calls, subscripts, displays, comprehensions), counted once for each
# bracket around each: libcst's parse time grows with them, not with the file's size alone.
# Measured (CPU seconds of libcst's parse): one statement `jnp.sin(jnp.sin(...x...))` 150 deep
# (11,175 of them) takes 0.37 s and 77 MiB that the tree keeps (79 such lines in a 107 kB file:
# 20 s and 6 GB); 30 kB of `f(f(...x...))` 8 deep take 0.7 s, 32 deep 2.0 s, 48 deep 3.0 s. The real code measured (3,390
# modules: the library corpus, research repositories, jax itself) has at most 5,371 (jax's
# pallas tuned_block_sizes.py; lax.py 3,166); a file with more is a JAX001, not parsed.
MAX_NESTED_BRACKETS = 20_000
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
    """Stop the analysis running on this thread (see :func:`tick`) once ``seconds`` have passed.
    The step count starts again, so that a file's first look at the clock comes after the same
    number of steps whatever ran before it (a small file never looks)."""
    global _ticks
    previous = getattr(_deadline, "at", None)
    _deadline.at = None if seconds is None else time.monotonic() + seconds
    _ticks = 0
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


_BRACKETED = (ast.Call, ast.Subscript, ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def file_over_bounds(path: str, source: str, max_nodes: int) -> FileError | None:
    """Why ``source`` is not analysed: more syntax nodes than ``max_nodes``, or more nested
    brackets than :data:`MAX_NESTED_BRACKETS` (counted in the same pass, where the text shows
    many), or a syntax error CPython reports; None when within the bounds. Decided before libcst
    spends time on it: for a checked file and for a module of the project its analysis reads."""
    code = code_text(source)
    nests_deeply = _nested_brackets(code) > MAX_NESTED_BRACKETS // 4
    if not may_exceed(code, max_nodes) and not nests_deeply:
        return None
    tree = python_ast(path, source)
    if isinstance(tree, FileError):
        return tree
    message = too_complex(tree, max_nodes, MAX_NESTED_BRACKETS if nests_deeply else None)
    return FileError(path, message) if message is not None else None


def is_over_bounds(error: FileError) -> bool:
    """Whether ``error`` says a file is over the bounds above (not that it does not parse)."""
    return error.message.startswith((_TOO_MANY_NODES, _TOO_MANY_BRACKETS))


_TOO_MANY_NODES = "too large to analyse"
_TOO_MANY_BRACKETS = "too complex to analyse"


def too_complex(tree: ast.AST, max_nodes: int | None, max_brackets: int | None = MAX_NESTED_BRACKETS) -> str | None:
    """Why ``tree`` is too complex to analyse, or None: more than ``max_nodes`` syntax nodes
    (None: not counted) or more than ``max_brackets`` nested brackets (each bracketed
    expression counted once for each bracketed expression around it). Counting stops at the
    first limit passed. Without ``max_brackets`` (None), only the nodes are counted, at half
    the cost."""
    if max_brackets is None:
        return _too_many_nodes(tree, max_nodes) if max_nodes is not None else None
    nodes = brackets = 0
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            return _too_many_nodes(tree, max_nodes)
        if isinstance(node, _BRACKETED):
            brackets += depth
            if brackets > max_brackets:
                return (
                    f"{_TOO_MANY_BRACKETS}: more than {max_brackets:,} nested brackets (calls, subscripts "
                    "and displays inside one another), whose parse time grows with their square"
                )
            depth += 1
        stack.extend((child, depth) for child in ast.iter_child_nodes(node))
    return None


def _too_many_nodes(tree: ast.AST, limit: int) -> str | None:
    count = 0
    stack = [tree]
    while stack:
        node = stack.pop()
        count += 1
        if count > limit:
            return f"{_TOO_MANY_NODES}: more than {limit:,} syntax nodes (`max-syntax-nodes` in [tool.jaxcheck])"
        stack.extend(ast.iter_child_nodes(node))
    return None


def may_nest_deeply(source: str, limit: int = MAX_NESTED_BRACKETS) -> bool:
    """Whether ``source`` may hold more than ``limit`` nested brackets, judged from its text:
    its brackets outside strings and comments, each counted once per bracket open around it
    (an f-string's are counted too, as its expressions are code). The text shows no level for a
    tuple without parentheses (`x[i, j]`, `return a, b`), where CPython's tree has one: up to
    2.5 times fewer in the real code measured, so a quarter of ``limit`` sends a file to the
    exact count. The 414 modules of the library corpus short enough to need it (3 MB) take 0.05 s."""
    return _nested_brackets(code_text(source)) > limit // 4


def _nested_brackets(code: str) -> int:
    nested = depth = 0
    for bracket in _NOT_BRACKETS.sub("", code):
        if bracket in "([{":
            nested += depth
            depth += 1
        elif depth:
            depth -= 1
    return nested


def code_text(source: str) -> str:
    """``source`` without its comments, each string but an f-string (whose expressions are
    code) cut to one character."""

    def kept(found: re.Match) -> str:
        if found.group()[0] == "#":
            return ""
        start = found.start()
        return found.group() if "f" in source[max(0, start - 2) : start].lower() else "s"

    return _STRINGS_AND_COMMENTS.sub(kept, source)


# A comment, or a string without its prefix (looked at before it: matching prefixes here would
# try a match at every letter, and take three times as long).
_STRINGS_AND_COMMENTS = re.compile(
    r"""#[^\r\n]*|'''(?:[^\\]|\\.)*?'''|\"\"\"(?:[^\\]|\\.)*?\"\"\"|'(?:[^'\\\r\n]|\\.)*'|"(?:[^"\\\r\n]|\\.)*\"""",
    re.DOTALL,
)
_NOT_BRACKETS = re.compile(r"[^()\[\]{}]+")
_SPACES = re.compile(r"[ \t\x0c]+")


def may_exceed(code: str, limit: int) -> bool:
    """Whether ``code`` (a source's :func:`code_text`) may hold more than ``limit`` nodes. No
    node of CPython's tree costs less than half a character of code, a line break counted, a
    string one: the densest text is a chain of one-letter operands and operators (`a+b-c`, `---x`:
    two nodes per character, an operation and its operator, a name and its context), and a
    statement's own node comes with its line break or `;`. The module and a last line without
    a break add three. (No file of 3,475 modules of jax, NumPy, libcst, pytest, this project
    and its tests has more nodes than this bound; 254 of their 466 files over half the limit in
    characters are under it, and 76 of the library corpus's 117, which then need no count.)"""
    # The spaces are taken out only where the length with them says the code may exceed it.
    return 2 * len(code) + 3 > limit and 2 * len(_SPACES.sub("", code)) + 3 > limit
