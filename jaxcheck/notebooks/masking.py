"""IPython syntax in a code cell, masked so that the cell parses as Python.

Line magics (``%timeit f(x)``), shell escapes (``!pip install jax``, ``files = !ls``), help
(``jax.jit?``, ``??jax.jit``) and auto-call escapes (``/f x``, ``,f a b``, ``;f a b``) become
``pass`` at the same indentation, so every other line keeps its number and its columns and a
block whose only statement is a magic still parses; the lines such a command continues onto
(after a trailing backslash, which IPython joins) become empty lines. They are recognised only where a statement
starts: a ``% b`` continuing an expression in brackets is Python's modulo, left alone.

With IPython's automagic, ``timeit -n 5 f(x)`` and ``pip install jax`` work without the ``%``:
such lines are masked too, but only when the cell does not parse without masking them.

A cell magic (``%%time``) on the first line masks that line; cells whose magic says the body is
not Python (``%%bash``, ``%%writefile``, ``%%html`` …) are not checked at all. As in IPython, a
cell whose first line is indented runs with that indentation removed from every line that has it
(:func:`dedent`); the removed widths are kept so columns still map back.

IPython compiles each cell on its own, so ``from __future__ import annotations`` may open any cell;
joined after other cells it would be a syntax error, so in every cell but the first such an import
is masked too (:func:`mask_future_imports`).
"""

from __future__ import annotations

import ast
import re
import warnings

from ..positions import split_lines

# Cell magics whose body is ordinary Python run by IPython.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "memit", "pypy", "python", "python3"})

_ESCAPE = re.compile(r"[ \t]*(?:%|!|\?|/(?=\w)|,(?=\w)|;(?=\w))")
_ASSIGNED_ESCAPE = re.compile(r"[ \t]*[\w.\[\], ]+=[ \t]*(?:%|!)")
_HELP_SUFFIX = re.compile(r"[ \t]*[\w.\[\]()]+\?\??[ \t]*")
_INDENT = re.compile(r"[ \t]*")
_AUTOMAGIC = re.compile(
    r"[ \t]*(?:timeit|time|prun|pip|conda|matplotlib|load_ext|reload_ext|autoreload|env|cd|run|who|whos|"
    r"xmode|config|history|pdb|debug|capture|tensorboard)[ \t]+\S"
)
_FUTURE_IMPORT = re.compile(r"from[ \t]+__future__[ \t]+import\b")
_STRING_START = re.compile(r"(?i)(?:rb|br|fr|rf|[rbuf])?('''|\"\"\"|'|\")")


def cell_magic(source: str) -> str | None:
    """The name of the cell magic on the first line (``time`` for ``%%time -n 3``), if any."""
    if not source.startswith("%%"):
        return None
    return source[2:].split(None, 1)[0] if source[2:].strip() else ""


def is_python_cell(source: str) -> bool:
    magic = cell_magic(source)
    return magic is None or magic in PYTHON_CELL_MAGICS


def dedent(source: str) -> tuple[str, dict[int, int]]:
    """IPython's leading-indent cleanup: the first non-blank line's indentation removed from
    every line that starts with it. Returns the text and {1-based line: characters removed}."""
    lines = split_lines(source, keepends=True)
    first = next((line for line in lines if line.strip()), "")
    indent = _INDENT.match(first).group()  # type: ignore[union-attr]
    if not indent:
        return source, {}
    removed = {}
    for index, line in enumerate(lines):
        if line.startswith(indent):
            lines[index] = line[len(indent):]
            removed[index + 1] = len(indent)
    return "".join(lines), removed


def mask(source: str) -> tuple[str, frozenset[int]]:
    """``source`` with IPython-only lines replaced by ``pass``, and the 1-based numbers of the
    masked lines. Lines keep their count, order and line endings."""
    lines = split_lines(source, keepends=True)
    masked: set[int] = set()
    automagic: list[int] = []
    scanner = _Scanner()
    continued_escape = False  # the last masked line ended in a backslash: IPython joins the next
    for index, line in enumerate(lines):
        if continued_escape:
            continued_escape = line.rstrip("\r\n").endswith("\\")
            lines[index] = line[len(line.rstrip("\r\n")):]  # an empty line: any indentation is the command's
            masked.add(index + 1)
            continue
        if scanner.at_statement_start():
            if (
                (index == 0 and line.startswith("%%")) or _ESCAPE.match(line) or _ASSIGNED_ESCAPE.match(line)
                or _HELP_SUFFIX.fullmatch(line.rstrip("\r\n"))
            ):
                continued_escape = line.rstrip("\r\n").endswith("\\")
                _to_pass(lines, index)
                masked.add(index + 1)
                continue
            if _AUTOMAGIC.match(line):
                automagic.append(index)
        scanner.feed(line)
    if automagic and not _parses("".join(lines)):
        for index in automagic:
            _to_pass(lines, index)
            masked.add(index + 1)
    return "".join(lines), frozenset(masked)


def mask_future_imports(source: str) -> tuple[str, frozenset[int]]:
    """``source`` with each top-level ``from __future__ import ...`` replaced by ``pass`` (the lines
    a parenthesised one continues onto emptied), and the 1-based numbers of the masked lines."""
    lines = split_lines(source, keepends=True)
    masked: set[int] = set()
    scanner = _Scanner()
    in_future_import = False
    for index, line in enumerate(lines):
        if in_future_import:
            lines[index] = line[len(line.rstrip("\r\n")):]
            masked.add(index + 1)
        elif scanner.at_statement_start() and _FUTURE_IMPORT.match(line):
            _to_pass(lines, index)
            masked.add(index + 1)
            in_future_import = True
        scanner.feed(line)
        in_future_import = in_future_import and not scanner.at_statement_start()
    return "".join(lines), frozenset(masked)


def _to_pass(lines: list[str], index: int) -> None:
    line = lines[index]
    body = line.rstrip("\r\n")
    lines[index] = _INDENT.match(body).group() + "pass" + line[len(body):]  # type: ignore[union-attr]


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


class _Scanner:
    """Just enough of Python's tokenizer to know whether the next line starts a statement:
    open brackets, strings that span lines, and backslash continuations."""

    def __init__(self) -> None:
        self.depth = 0
        self.open_string: str | None = None  # the closing quote of a triple-quoted string
        self.continued = False

    def at_statement_start(self) -> bool:
        return self.depth == 0 and self.open_string is None and not self.continued

    def feed(self, line: str) -> None:
        text = line.rstrip("\r\n")
        self.continued = False
        position = 0
        if self.open_string is not None:
            position = self._close_string(text, 0, self.open_string)
        while position < len(text):
            character = text[position]
            if character == "#":
                return
            if character in "([{":
                self.depth += 1
            elif character in ")]}":
                self.depth = max(0, self.depth - 1)
            elif character == "\\" and position == len(text) - 1:
                self.continued = True
                return
            elif character in "'\"" or (character.isalpha() and _STRING_START.match(text, position)):
                match = _STRING_START.match(text, position)
                if match is not None and (character in "'\"" or not _is_name_char(text, position - 1)):
                    quote = match.group(1)
                    position = self._close_string(text, match.end(), quote)
                    continue
            position += 1

    def _close_string(self, text: str, position: int, quote: str) -> int:
        """Skip to after ``quote`` (escapes honoured); a triple quote may stay open past the line."""
        while position < len(text):
            if text[position] == "\\":
                position += 2
                continue
            if text.startswith(quote, position):
                self.open_string = None
                return position + len(quote)
            position += 1
        if len(quote) == 3:
            self.open_string = quote
        else:
            self.open_string = None  # an unterminated one-line string: Python's own error, not ours
            self.continued = text.endswith("\\")
        return position


def _is_name_char(text: str, position: int) -> bool:
    return position >= 0 and (text[position].isalnum() or text[position] == "_")
