"""Every way a finding is switched off, in one place the engine applies for every front-end
(CLI, fixes, flake8, the validator, the server): `# noqa` comments (`# noqa: JAX101`,
`# noqa: print-in-jit`, a bare `# noqa`) and ``per-file-ignores``."""

from __future__ import annotations

import fnmatch
import io
import pathlib
import re
import tokenize
from dataclasses import dataclass

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[\w\-]+(?:[\s,]+[\w\-]+)*))?", re.IGNORECASE)
ALL = frozenset({"*"})
_NOQA_TEXT = re.compile("noqa", re.IGNORECASE)


def noqa_lines(source: str) -> dict[int, frozenset[str]]:
    """Line number → the codes/names suppressed there (``ALL`` for a bare ``# noqa``).

    Only real comments count (a ``# noqa`` inside a string does not), so the source is
    tokenized; this runs only for files that have findings.
    """
    result: dict[int, frozenset[str]] = {}
    if not _NOQA_TEXT.search(source):
        return result  # tokenizing costs about a quarter of the parse; most files have no noqa
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return result
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        match = _NOQA.search(token.string)
        if match is None:
            continue
        codes = match.group("codes")
        suppressed = ALL if not codes else frozenset(c.upper() if c[:3].upper() == "JAX" else c for c in re.split(r"[\s,]+", codes) if c)
        result[token.start[0]] = suppressed
    return result


def is_suppressed(code: str, name: str, line: int, noqa: dict[int, frozenset[str]]) -> bool:
    codes = noqa.get(line)
    return codes is not None and (codes is ALL or code in codes or name in codes)


@dataclass(frozen=True)
class PerFileIgnores:
    """``per-file-ignores`` with its selectors resolved to codes; patterns match the path
    relative to ``root`` or the file's name."""

    root: pathlib.Path | None = None
    patterns: tuple[tuple[str, frozenset[str]], ...] = ()

    def codes_for(self, path: str) -> frozenset[str]:
        if not self.patterns:
            return frozenset()
        relative = relative_path(path, self.root) if self.root is not None else pathlib.PurePath(path).as_posix()
        codes: set[str] = set()
        for pattern, pattern_codes in self.patterns:
            if path_matches(relative, pattern):
                codes.update(pattern_codes)
        return frozenset(codes)


def path_matches(relative: str, pattern: str) -> bool:
    """Whether a glob of the configuration matches a file: its path relative to the project's
    root (POSIX form), or its name."""
    return fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(pathlib.PurePath(relative).name, pattern)


def relative_path(path: str, root: pathlib.Path) -> str:
    """``path`` relative to ``root`` in POSIX form, or as given when outside it."""
    try:
        return pathlib.Path(path).resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, RuntimeError, OSError):  # outside the root; a symlink loop
        return pathlib.Path(path).as_posix()
