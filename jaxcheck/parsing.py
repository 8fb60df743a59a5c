"""Parsing one file so that no input can end the run.

CPython's own compiler reads the file first (about a fifteenth of libcst's time): it says
whether the file is Python, and where it is not, with Python's message and position. It also
bounds nesting (200 brackets, about 100 indentation levels), and we bound the rest (nested
operators, `elif` chains) at :data:`MAX_NESTING`: libcst's native parser, which overflows its
stack on deeper input and kills the process, never sees anything deeper. libcst then parses what CPython accepted;
where it fails, that is libcst's limitation and is said to be.

Valid code can nest a few thousand levels (a long ``elif`` chain or sum); the analysis of one
file runs in a thread with a large stack and a high recursion limit so that it is analysed, not
rejected.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import threading
import tokenize
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import libcst as cst

from .diagnostics import FileError
from .positions import LineIndex, split_lines

T = TypeVar("T")

# Larger Python files (and notebooks whose code cells hold more code) are reported, not
# checked. The largest hand-written modules of big projects (jax's lax.py: about 390 kB) are
# well under it; a 1 MB file takes about 450 MiB and a minute.
MAX_FILE_BYTES = 1_000_000
# Expressions and blocks nested deeper are not checked: libcst's parse time grows with the
# square of one expression's depth (1,000 levels: about a second), CPython's parser accepts
# about 6,000, and valid code (a long `elif` chain or sum) reaches a few hundred.
MAX_NESTING = 1_000
# Far more than MAX_NESTING needs; each analysed level takes a few frames.
DEEP_RECURSION_LIMIT = 60_000
_STACK_BYTES = 512 * 1024 * 1024  # reserved address space, touched only as deep as used
_deep_lock = threading.Lock()
_deep = threading.local()


def python_syntax_error(path: str, source: str) -> FileError | None:
    """The error CPython reports for ``source``, where it reports one, or a file nested deeper
    than :data:`MAX_NESTING`.

    CPython compiles the file to bytecode, which it does about twice as fast as it builds an
    AST for Python code to read; compiling also reports what its compiler rejects (`return`
    outside a function), as running the file would. Top-level `await` is accepted, as in a
    notebook; the compiler's warnings are not shown.
    """
    found = _compiled(path, source, _ALLOW_TOP_LEVEL_AWAIT)
    return found if isinstance(found, FileError) else None


def python_ast(path: str, source: str) -> ast.Module | FileError:
    """CPython's syntax tree of ``source``, or the error CPython reports (or a file nested deeper
    than :data:`MAX_NESTING`)."""
    return _compiled(path, source, ast.PyCF_ONLY_AST)


_ALLOW_TOP_LEVEL_AWAIT = getattr(ast, "PyCF_ALLOW_TOP_LEVEL_AWAIT", 0)
_compile_lock = threading.Lock()  # the warnings filters are process-wide


def _compiled(path: str, source: str, flags: int):
    found = _compiled_as_is(path, source, flags)
    if isinstance(found, FileError) and found.line is not None:
        lowered = in_older_grammar(source)
        if lowered is not None:
            # What CPython says of the rest of the file (the lines are the file's).
            return _compiled_as_is(path, lowered, flags)
    return found


def _compiled_as_is(path: str, source: str, flags: int):
    previous_limit = sys.getrecursionlimit()
    # Compiling takes about three recursion levels per level of nesting, counted from the
    # caller's depth: this limit is how MAX_NESTING is enforced, at no cost.
    sys.setrecursionlimit(_stack_depth() + MAX_NESTING // 3 + 10)
    try:
        with _compile_lock, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return compile(source, path, "exec", flags, dont_inherit=True)
    except SyntaxError as error:
        # CPython's offsets count characters from 1 (UTF-8 bytes before 3.10 only).
        return FileError(path, f"syntax error: {error.msg}", error.lineno, error.offset)
    except (RecursionError, MemoryError):
        return FileError(path, f"nested more than about {MAX_NESTING} levels deep; not checked (the limit of jaxcheck)")
    except UnicodeEncodeError as error:
        # Text that no file can hold: a lone surrogate (from a notebook's `"\\ud800"` escape, or an
        # editor's buffer). CPython says so without a position; give the first one's.
        line, column = LineIndex(source).position(error.start)
        character = f"U+{ord(source[error.start]):04X}"
        return FileError(path, f"syntax error: {character} is a lone surrogate, which Python source cannot hold", line, column)
    except ValueError as error:  # e.g. "source code string cannot contain null bytes"
        return FileError(path, f"syntax error: {error}")
    finally:
        sys.setrecursionlimit(previous_limit)


# Where the file may use Python 3.12's generics (PEP 695): `type Alias = ...`, `def f[T](...)`,
# `class C[T]: ...`. A cheap test before the libcst parse that lowers them.
_GENERICS = re.compile(r"^[ \t]*(?:type[ \t]+\w+[ \t]*[\[=]|(?:async[ \t]+)?def[ \t]+\w+[ \t]*\[|class[ \t]+\w+[ \t]*\[)", re.M)


def in_older_grammar(source: str) -> str | None:
    """``source`` with Python 3.12's generics written the way Python 3.11 reads them, where it
    uses them and jaxcheck runs on an older Python; otherwise None.

    A project that requires Python 3.12 writes `type Alias = ...` and `def f[T](x: T) -> T`; the
    CPython jaxcheck runs on (3.11) rejects them, though the file is Python and libcst reads it.
    A type alias becomes an assignment and the type parameters are dropped, which keeps every
    line where it was: what CPython then rejects or accepts is the rest of the file. (Measured:
    neural-pfaffian's six modules that use them were JAX001 "invalid syntax" on 3.11.)
    Python 3.12's f-strings (PEP 701: a quote of the same kind inside a replacement field) are
    not lowered: such a file stays a JAX001 on Python 3.11.
    """
    if sys.version_info >= (3, 12) or not _GENERICS.search(source):
        return None
    try:
        with _parser_output_trusted():
            module = cst.parse_module(for_libcst(source))
    except (cst.ParserSyntaxError, RecursionError):
        return None
    lowered = module.visit(_WithoutGenerics())
    return None if lowered.deep_equals(module) else lowered.code


class _WithoutGenerics(cst.CSTTransformer):
    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        return updated.with_changes(type_parameters=None) if updated.type_parameters is not None else updated

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        return updated.with_changes(type_parameters=None) if updated.type_parameters is not None else updated

    def leave_TypeAlias(self, original: cst.TypeAlias, updated: cst.TypeAlias) -> cst.Assign:
        return cst.Assign(targets=[cst.AssignTarget(updated.name)], value=updated.value, semicolon=updated.semicolon)


def _stack_depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def source_encoding(data: bytes) -> str:
    """The encoding Python reads a file in: UTF-8, or a PEP 263 declaration."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return encoding


def decode(data: bytes) -> str:
    return data.decode(source_encoding(data))


def parse(path: str, source: str) -> cst.Module | FileError:
    """libcst's tree of ``source``, or why there is none."""
    error = python_syntax_error(path, source)
    if error is not None:
        return error
    return parse_valid(path, source)


def parse_valid(path: str, source: str) -> cst.Module | FileError:
    """libcst's tree of ``source``, which CPython's parser accepted, or why there is none."""
    try:
        with _parser_output_trusted():
            return run_deep(cst.parse_module, for_libcst(source))
    except cst.ParserSyntaxError as failure:
        detail = str(failure).strip().splitlines()[0]
        message = (
            "libcst, the parser jaxcheck uses, cannot read this valid Python "
            f"(a limitation of libcst, not an error in the file): {detail}"
        )
        return FileError(path, message, failure.raw_line, failure.raw_column + 1)
    except RecursionError:
        return FileError(path, "libcst cannot parse this file: nested too deeply")


def for_libcst(source: str) -> str:
    """``source`` with what precedes the last form feed of each code line's indentation removed.

    CPython counts indentation from the last form feed of a line's leading whitespace, so the
    two mean the same; libcst's tokenizer does not (a block whose first line starts with a form
    feed inside another block is "no matching outer block for dedent" to it). Lines inside a
    string keep theirs. Positions are the source's all the same: libcst's code then differs
    from the source in indentation only, which :func:`jaxcheck.positions.node_spans` allows for.
    """
    if "\x0c" not in source or _FORM_FEED_BEFORE_CODE.search(source) is None:
        return source  # the common form feed, alone on a line between sections, is left as it is
    lines = split_lines(source, keepends=True)
    try:
        inside_strings = _rows_inside_strings(source)
    except (tokenize.TokenError, SyntaxError):
        return source
    for row, line in enumerate(lines, 1):
        indentation = _INDENTATION.match(line).group()  # type: ignore[union-attr]
        # A blank or comment line is left as it is: no indentation to read, and a blank line
        # after a lone `\r` would become one line with it.
        if "\x0c" in indentation and row not in inside_strings and line[len(indentation) :][:1] not in _NOT_CODE:
            lines[row - 1] = line[indentation.rindex("\x0c") + 1 :]
    return "".join(lines)


_INDENTATION = re.compile(r"[ \t\x0c]*")
_NOT_CODE = ("", "#", "\r", "\n")
_FORM_FEED_BEFORE_CODE = re.compile(r"(?:^|(?<=[\r\n]))[ \t\x0c]*\x0c[ \t\x0c]*[^ \t\x0c\r\n#]")


def _rows_inside_strings(source: str) -> set[int]:
    """Lines (1-based) that a string began on an earlier line runs through."""
    rows: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source, newline=None).readline):
        if token.type == tokenize.STRING and token.end[0] > token.start[0]:
            rows.update(range(token.start[0] + 1, token.end[0] + 1))
    return rows


_validate_node = cst.CSTNode.__post_init__
_trusting = 0
_trusting_lock = threading.Lock()


def _skip_validation(node: cst.CSTNode) -> None:
    pass


@contextmanager
def _parser_output_trusted() -> Iterator[None]:
    """Build nodes without libcst's checks of each new node, while its own parser builds them.

    Every node's constructor validates the node (about a sixth of the parse time); the parser
    builds valid nodes by construction (libcst's own comment on ``__post_init__`` says as much).
    Checks stay on for nodes built outside a parse, and come back once no parse is running.
    """
    global _trusting
    with _trusting_lock:
        _trusting += 1
        cst.CSTNode.__post_init__ = _skip_validation  # type: ignore[method-assign]
    try:
        yield
    finally:
        with _trusting_lock:
            _trusting -= 1
            if not _trusting:
                cst.CSTNode.__post_init__ = _validate_node  # type: ignore[method-assign]


def run_deep(function: Callable[..., T], *args) -> T:
    """``function(*args)`` on a thread with room for deep recursion; its exception re-raised here."""
    if getattr(_deep, "active", False):
        return function(*args)
    outcome: list = []

    def target() -> None:
        _deep.active = True
        try:
            outcome.append((True, function(*args)))
        except BaseException as error:  # noqa: BLE001 - handed back to the caller's thread
            outcome.append((False, error))

    with _deep_lock:
        previous_stack = threading.stack_size(_STACK_BYTES)
        previous_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(previous_limit, DEEP_RECURSION_LIMIT))
        try:
            worker = threading.Thread(target=target, name="jaxcheck-deep", daemon=True)
            worker.start()
        finally:
            threading.stack_size(previous_stack)
        try:
            worker.join()
        finally:
            sys.setrecursionlimit(previous_limit)
    ok, value = outcome[0]
    if not ok:
        raise value
    return value
