"""`--add-noqa`: a `# noqa: CODE` comment at the end of each line where a finding starts (the
line :mod:`jaxcheck.suppression` reads it from), merged into a `# noqa: X` already there; a bare
`# noqa` is kept as it is. A line that cannot end in a comment (its end is inside a string that
goes on to the next line, or it ends in a backslash continuation) is skipped and said to be."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field

from .diagnostics import Diagnostic
from .positions import split_lines

_NOQA_CODES = re.compile(r"#\s*noqa(?P<colon>:\s*(?P<codes>[\w\-]+(?:[\s,]+[\w\-]+)*))?", re.IGNORECASE)


@dataclass
class NoqaEdit:
    text: str
    added: int = 0  # codes written into comments
    skipped: list[tuple[int, str]] = field(default_factory=list)  # (line, why) left without one


def add_noqa(source: str, diagnostics: Iterable[Diagnostic]) -> NoqaEdit:
    """``source`` with a noqa comment for each finding (positions as the engine reports them)."""
    wanted: dict[int, list[str]] = {}
    for diagnostic in sorted(diagnostics, key=Diagnostic.sort_key):
        codes = wanted.setdefault(diagnostic.line, [])
        if diagnostic.code not in codes:
            codes.append(diagnostic.code)
    if not wanted:
        return NoqaEdit(source)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return NoqaEdit(source, skipped=[(line, "the file does not tokenize") for line in sorted(wanted)])
    comments = {t.start[0]: t for t in tokens if t.type == tokenize.COMMENT}
    open_at_end = _lines_ending_inside_a_token(tokens)
    lines = split_lines(source, keepends=True)
    edit = NoqaEdit(source)
    for number, codes in sorted(wanted.items()):
        if number > len(lines):
            continue
        text = lines[number - 1]
        body = text.rstrip("\r\n")
        ending = text[len(body):]
        if number in open_at_end:
            edit.skipped.append((number, "the line ends inside a multi-line string"))
            continue
        if body.endswith("\\") and number not in comments:
            edit.skipped.append((number, "the line ends in a backslash continuation"))
            continue
        comment = comments.get(number)
        if comment is None:
            lines[number - 1] = f"{body}  # noqa: {', '.join(codes)}{ending}"
            edit.added += len(codes)
            continue
        merged, added = _merged(comment.string, codes)
        if added:
            lines[number - 1] = text[: comment.start[1]] + merged + text[comment.end[1]:]
            edit.added += added
    edit.text = "".join(lines)
    return edit


def _merged(comment: str, codes: list[str]) -> tuple[str, int]:
    """The comment with ``codes`` in its noqa (a new one after it if it has none); how many were
    added. A bare `# noqa` already covers every code."""
    match = _NOQA_CODES.search(comment)
    if match is None:
        return f"{comment}  # noqa: {', '.join(codes)}", len(codes)
    if match.group("codes") is None:
        return comment, 0
    present = {c.upper() for c in re.split(r"[\s,]+", match.group("codes")) if c}
    missing = [c for c in codes if c.upper() not in present]
    if not missing:
        return comment, 0
    end = match.end("codes")
    return f"{comment[:end]}, {', '.join(missing)}{comment[end:]}", len(missing)


def _lines_ending_inside_a_token(tokens: list[tokenize.TokenInfo]) -> set[int]:
    """Lines whose end is inside a token that goes on to a later line (a multi-line string)."""
    inside: set[int] = set()
    for token in tokens:
        if token.type == tokenize.STRING and token.end[0] > token.start[0]:
            inside.update(range(token.start[0], token.end[0]))
    return inside
