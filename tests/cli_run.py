"""`jaxcheck ARGS` run in this process, for the tests whose subject is what the command prints
and the status it exits with, not the process that runs it.

A start of `python -m jaxcheck` costs about 0.7 s of CPU before it reads a file (importing
libcst and the analysis, and compiling them where no bytecode is written), far more than
checking a test's few files: the tests of the command line spent most of the fast loop's time
starting it. Here :func:`jaxcheck.cli.main` runs with the arguments, in the working directory,
with the environment and stdin given, its stdout and stderr captured, and the result is what
``subprocess.run(..., capture_output=True, text=True)`` returns for the same command: the exit
status (an `argparse` exit included), and both streams decoded as `text=True` decodes them.
Neither stream is a terminal, as with `capture_output`.

What only a process shows stays with a process: signals and Ctrl-C, a closed pipe, the path
`python -m` puts first, worker processes and their crashes, the same output across processes and
hash seeds. Those tests start one (`python -m jaxcheck`), as before.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from typing import TextIO

from jaxcheck.cli import main


def jaxcheck(
    *args: str | os.PathLike[str], cwd: str | os.PathLike[str] | None = None, stdin: str | None = None,
    env: Mapping[str, str] | None = None, stderr: TextIO | None = None,
) -> subprocess.CompletedProcess[str]:
    """`jaxcheck ARGS` in this process, in ``cwd``, with ``env`` as the whole environment (this
    process's where None) and ``stdin`` as its input (empty where None). ``stderr``: a stream to
    write the errors to (a terminal) instead of capturing them; the result's ``stderr`` is then
    None, as `subprocess.run` leaves it.

    Runs that must not share this process are refused: `run` runs a program in it, `server`
    serves on its stdin and stdout, `validate` (and `--validate`) runs the findings on jax,
    `--watch` ends only on Ctrl-C."""
    arguments = [os.fspath(a) for a in args]
    if arguments[:1] in (["run"], ["server"], ["validate"]) or {"--validate", "--watch", "-w"} & set(arguments):
        raise ValueError(f"`jaxcheck {' '.join(arguments)}` needs a process of its own: start `python -m jaxcheck`")
    stdout, errors = _output_stream("strict"), stderr or _output_stream("backslashreplace")
    with _environment(env), contextlib.chdir(cwd or os.curdir), _input(stdin or ""), \
            contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(errors):
        try:
            status = main(arguments)
        except SystemExit as leaving:  # argparse: --help, --version, a usage error
            status = _exit_status(leaving.code, errors)
    errors.flush()  # as a process's streams are at its exit
    captured = None if stderr is not None else _text(errors)
    return subprocess.CompletedProcess(["jaxcheck", *arguments], status, _text(stdout), captured)


def _exit_status(code: object, stderr: TextIO) -> int:
    """The status `sys.exit(code)` ends a process with (a message: printed, then 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=stderr)
    return 1


def _output_stream(errors: str) -> io.TextIOWrapper:
    """An output of a process started with `capture_output`: a pipe, UTF-8, not a terminal
    (stderr replaces what it cannot encode; stdout raises)."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, newline="\n")


def _text(stream: TextIO) -> str:
    """What `text=True` makes of the bytes a stream received: decoded, newlines translated."""
    stream.flush()
    data = stream.buffer.getvalue()  # type: ignore[attr-defined]
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


@contextlib.contextmanager
def _input(text: str) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved


@contextlib.contextmanager
def _environment(env: Mapping[str, str] | None) -> Iterator[None]:
    if env is None:
        yield
        return
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)

