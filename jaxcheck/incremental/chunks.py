"""Chunks: runs of top-level statements parsed from their own text (see :mod:`jaxcheck.incremental`)."""

from __future__ import annotations

import ast
import dataclasses
import io
import re
import tokenize
from dataclasses import dataclass

import libcst as cst

from ..parsing import for_libcst
from ..positions import LINE_BREAK, LineIndex, Span, all_nodes, node_spans

# A line of only a backslash: libcst drops it (its code is no longer the text), so positions
# differ between a whole parse and parts; such files are always parsed whole.
_LONE_BACKSLASH = re.compile(r"^[ \t\f]*\\(?:\r\n|\r|\n|$)", re.MULTILINE)
NEEDS_PREVIOUS, NEEDS_NEXT = "previous", "next"
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True)
class Run:
    """Lines ``first`` to ``last`` (1-based, inclusive) holding ``count`` libcst statements,
    which are ``statements`` of CPython's tree (kept only while splitting)."""

    first: int
    last: int
    count: int
    statements: tuple[ast.stmt, ...] = ()


@dataclass(frozen=True, eq=False)
class Chunk:
    """Top-level statements parsed from ``text``, which starts at ``start`` (line ``line``)."""

    start: int
    line: int
    text: str
    statements: tuple[cst.BaseStatement, ...]
    header: tuple[cst.EmptyLine, ...] = ()  # the module's, when the chunk starts the file
    footer: tuple[cst.EmptyLine, ...] = ()  # the module's, when the chunk ends the file
    has_trailing_newline: bool = True
    # A chunk of one def or class: where its body may be split (lines within the chunk).
    body: tuple[Run, ...] | None = None
    body_indent: str = ""
    nodes: dict = dataclasses.field(default_factory=dict)  # id → every node of the chunk, filled on demand
    spans: dict = dataclasses.field(default_factory=dict)  # id → (node, span within the chunk) found so far
    # Per statement of the body (id → (statement, its nodes by id, spans found)): kept across
    # versions for the statements an edit did not touch.
    inner: dict = dataclasses.field(default_factory=dict)

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    @property
    def line_breaks(self) -> int:
        return len(LINE_BREAK.findall(self.text))


def runs(lines: list[str], statements: list[ast.stmt], indent: str, offset: int = 0) -> list[Run]:
    """Where a block of ``statements`` (lines ``offset + 1``... of ``lines``, CPython's numbering)
    may be split: a run ends after a statement, and the next starts on the line after it
    when the lines up to its next statement are free (see :func:`free`), else it goes on."""
    groups: list[list] = []  # statements sharing a line (after `;`) are one libcst statement
    for statement in statements:
        decorators = getattr(statement, "decorator_list", ())
        begins = min([statement.lineno, *(d.lineno for d in decorators)]) - offset
        ends = (statement.end_lineno or statement.lineno) - offset
        if groups and begins <= groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], ends)
            groups[-1][2].append(statement)
        else:
            groups.append([begins, ends, [statement]])
    found: list[Run] = []
    for begins, ends, members in groups:
        if found and not free(lines, found[-1].last + 1, begins, indent):
            previous = found.pop()
            found.append(Run(previous.first, ends, previous.count + 1, (*previous.statements, *members)))
        else:
            found.append(Run(found[-1].last + 1 if found else begins, ends, 1, tuple(members)))
    return found


def chunk_lines(lines: list[str], tree: ast.Module, at_file_start: bool) -> list[Run] | str:
    """Where ``lines`` (with their ends) may be split into chunks, covering every line; or which
    neighbour the text needs."""
    found = runs(lines, tree.body, "")
    if not found:
        return NEEDS_NEXT
    if not at_file_start and not free(lines, 1, found[0].first, ""):
        return NEEDS_PREVIOUS
    found[0] = dataclasses.replace(found[0], first=1)
    found[-1] = dataclasses.replace(found[-1], last=len(lines))
    return found


def body_runs(run: Run, lines: list[str], first_line: int) -> tuple[tuple[Run, ...], str] | None:
    """For a run of one def or class whose body is an indented block, where the body may be
    split (lines counted from the run's ``first_line`` in ``lines``), and its indentation."""
    if len(run.statements) != 1 or not isinstance(run.statements[0], _DEFINITIONS):
        return None
    body = run.statements[0].body
    indent = lines[body[0].lineno - 1][: body[0].col_offset]
    if indent.strip() or not indent:
        return None  # the body follows the colon on the same line
    found = runs(lines, body, indent, first_line - 1)
    return tuple(Run(r.first, r.last, r.count) for r in found), indent


def may_split(source: str) -> bool:
    return (
        "barry_as_FLUFL" not in source
        and _LONE_BACKSLASH.search(source) is None
        # A part is parsed and generated after a line ended with the file's first line break;
        # a lone `\r` there and a part that starts with `\n` would be one line break.
        and not (first_line_break(source) == "\r" and "\n" in source)
    )


def free(lines: list[str], first: int, stop: int, indent: str) -> bool:
    """Whether lines ``first`` to ``stop - 1`` (1-based) all belong to the statement after them,
    never to a block before: empty, blank and indented no deeper than ``indent`` (the next
    statement's), or comments indented by ``indent`` exactly."""
    for number in range(first, stop):
        line = lines[number - 1].rstrip("\r\n")
        if line and not (line.startswith(f"{indent}#") or (not line.strip(" \t") and indent.startswith(line))):
            return False
    return True


def chunks_of(module: cst.Module, source: str, spans: list[Run], lines: list[str]) -> list[Chunk]:
    """The chunks of a whole-file parse (``lines``: the file's, with their ends)."""
    starts = [0, *(match.end() for match in LINE_BREAK.finditer(source))]
    if starts[-1] == len(source) and len(starts) > 1:
        starts.pop()
    chunks, index = [], 0
    for number, run in enumerate(spans):
        first_line, last_line, count = run.first, run.last, run.count
        begin = starts[first_line - 1]
        finish = starts[last_line] if last_line < len(starts) else len(source)
        is_last = number == len(spans) - 1
        chunks.append(
            Chunk(
                begin, first_line, source[begin:finish], tuple(module.body[index : index + count]),
                header=tuple(module.header) if number == 0 else (),
                footer=tuple(module.footer) if is_last else (),
                has_trailing_newline=module.has_trailing_newline if is_last else True,
                **body_fields(run, lines, first_line),
            )
        )
        index += count
    return chunks


def body_fields(run: Run, lines: list[str], first_line: int) -> dict:
    found = body_runs(run, lines, first_line)
    return {} if found is None else {"body": found[0], "body_indent": found[1]}


def parse_chunk(
    text: str, start: int, line: int, indent: str, newline: str, first: bool, last: bool, fields: dict
) -> Chunk | str | None:
    """``text`` parsed as the chunk at ``start``: libcst alone, or after a first statement that
    sets the file's indentation and line break, which is then dropped."""
    try:
        module = cst.parse_module(for_libcst(text))
        if module.default_indent == indent and module.default_newline == newline:
            header, statements = tuple(module.header), list(module.body)
            if not first and header:
                statements[0] = statements[0].with_changes(leading_lines=(*header, *statements[0].leading_lines))
                header = ()
        else:
            module = cst.parse_module(for_libcst(f"if 1:{newline}{indent}pass{newline}{text}"))
            prelude = module.body[0]
            if isinstance(prelude.body, cst.IndentedBlock) and prelude.body.footer:
                return None  # indented comments at the top of the file
            header, statements = (), list(module.body[1:])
            if first and statements[0].leading_lines:
                header = tuple(statements[0].leading_lines)
                statements[0] = statements[0].with_changes(leading_lines=())
    except cst.ParserSyntaxError:
        return None
    if module.footer and not last:
        return NEEDS_NEXT  # its last lines belong to the next statement
    return Chunk(
        start, line, text, tuple(statements), header=header, footer=tuple(module.footer) if last else (),
        has_trailing_newline=module.has_trailing_newline if last else True, **fields,
    )


def first_indent(source: str) -> tuple[str, int] | None:
    """The file's first indentation (what libcst takes as the default) and its line."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.INDENT:
                return token.string, token.start[0]
    except (tokenize.TokenError, SyntaxError):
        return None
    return None


def first_line_break(source: str) -> str:
    match = LINE_BREAK.search(source)
    return match.group() if match else "\n"


def common_prefix(a: str, b: str) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:  # slices compare in C: a binary search beats a loop over characters
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def common_suffix(a: str, b: str, limit: int) -> int:
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if a[len(a) - middle :] == b[len(b) - middle :]:
            low = middle
        else:
            high = middle - 1
    return low


def chunk_spans(chunk: Chunk, nodes: list[cst.CSTNode], module: cst.Module) -> dict[cst.CSTNode, Span]:
    """The spans of those of ``nodes`` that lie in ``chunk``."""
    spans = body_spans(chunk, nodes, module) if chunk.body is not None else {}
    nodes = [node for node in nodes if node not in spans]
    return {**spans, **_whole_chunk_spans(chunk, nodes, module)} if nodes else spans


def body_spans(chunk: Chunk, nodes: list[cst.CSTNode], module: cst.Module) -> dict[cst.CSTNode, Span]:
    """The spans of those of ``nodes`` that lie in a statement of the body of the chunk's def or
    class which starts a run of its own (after the first): only those statements are generated."""
    assert chunk.body is not None
    block = getattr(chunk.statements[0], "body", None)
    if len(chunk.statements) != 1 or not isinstance(block, cst.IndentedBlock):
        return {}
    wanted = {id(node): node for node in nodes}
    lines: list[int] | None = None  # where each line of the chunk starts, when needed
    found: dict[cst.CSTNode, Span] = {}
    index = 0
    for number, run in enumerate(chunk.body):
        statement = block.body[index] if index < len(block.body) else None
        index += run.count
        if number == 0 or run.count != 1 or statement is None:
            continue
        entry = chunk.inner.get(id(statement))
        if entry is None or entry[0] is not statement:
            entry = chunk.inner[id(statement)] = (statement, {id(n): n for n in all_nodes([statement])}, {})
        mine = [node for key, node in wanted.items() if entry[1].get(key) is node]
        if not mine:
            continue
        needed = [node for node in mine if id(node) not in entry[2]]
        if needed:
            if lines is None:
                lines = [0, *(match.end() for match in LINE_BREAK.finditer(chunk.text)), len(chunk.text)]
            text = f"if _:{module.default_newline}{chunk.text[lines[run.first - 1] : lines[run.last]]}"
            wrapper = cst.If(test=cst.Name("_"), body=cst.IndentedBlock(body=[statement], indent=block.indent))
            alone = cst.Module(
                body=[wrapper], default_indent=module.default_indent, default_newline=module.default_newline,
            )
            for node, span in node_spans(alone, needed, LineIndex(text)).items():
                entry[2][id(node)] = (node, span)
        shift = chunk.line + run.first - 3  # line 2 of the text above is line run.first of the chunk
        for node in mine:
            known = entry[2].get(id(node))
            if known is not None and known[0] is node:
                span = known[1]
                found[node] = Span(span.line + shift, span.column, span.end_line + shift, span.end_column)
            wanted.pop(id(node))
        if not wanted:
            break
    return found


def _whole_chunk_spans(chunk: Chunk, nodes: list[cst.CSTNode], module: cst.Module) -> dict[cst.CSTNode, Span]:
    known = chunk.spans
    needed = [node for node in nodes if id(node) not in known]
    if needed:
        alone = cst.Module(
            body=chunk.statements, header=chunk.header, footer=chunk.footer, encoding=module.encoding,
            default_indent=module.default_indent, default_newline=module.default_newline,
            has_trailing_newline=chunk.has_trailing_newline,
        )
        for node, span in node_spans(alone, needed, LineIndex(chunk.text)).items():
            known[id(node)] = (node, span)
    shift = chunk.line - 1
    spans = {}
    for node in nodes:
        entry = known.get(id(node))
        if entry is not None and entry[0] is node:
            span = entry[1]
            spans[node] = Span(span.line + shift, span.column, span.end_line + shift, span.end_column)
    return spans
