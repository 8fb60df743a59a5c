"""`# noqa` comments: `# noqa: JAX101`, `# noqa: print-in-jit`, or a bare `# noqa`."""

from __future__ import annotations

import io
import re
import tokenize

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[\w\-]+(?:[\s,]+[\w\-]+)*))?", re.IGNORECASE)
ALL = frozenset({"*"})


def noqa_lines(source: str) -> dict[int, frozenset[str]]:
    """Line number → the codes/names suppressed there (``ALL`` for a bare ``# noqa``).

    Only real comments count (a ``# noqa`` inside a string does not), so the source is
    tokenized; this runs only for files that have findings.
    """
    result: dict[int, frozenset[str]] = {}
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
