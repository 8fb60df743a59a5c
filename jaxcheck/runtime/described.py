"""The arguments a finding's description says its traced function was called with, read back
as plain data the worker builds values from (no jax here).

A finding's subject lists, per parameter of the function its trace starts with, the abstract
value the analysis saw reach it, written as the analysis writes values
(:mod:`jaxcheck.analysis.values`): ``Tracer(shape=(4, 3), float32)``,
``tuple(Tracer(shape=(4,), float32), Tracer())``, ``Const(3)``, ``Scalar(int)``,
``HostArray(jax, shape=(2,), float32)``, ``{lr: Const(0.1)}``. Each becomes a spec:
``{"array": [shape or None, dtype or None]}``, ``{"tuple": [...]}``, ``{"list": [...]}``,
``{"const": value}``, ``{"scalar": "int"}``, ``{"dict": {...}}``; None where the analysis knew
nothing the worker can build (an instance, a function, an unknown value).
"""

from __future__ import annotations

import ast
import re
from typing import Any

_TOKEN = re.compile(r"\s*(?:(?P<open>[({])|(?P<close>[)}])|(?P<comma>,)|(?P<colon>:)|(?P<atom>[^(){},:]+))")


def argument_specs(arguments: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """Parameter name -> spec, for the parameters whose value can be built."""
    found = {}
    for name, text in arguments:
        spec = read(text)
        if spec is not None:
            found[name] = spec
    return found


def read(text: str) -> Any:
    """The spec of one abstract value's text (None: nothing buildable, or text not understood)."""
    try:
        tree, rest = _parse(_tokens(text))
    except (ValueError, IndexError):
        return None
    return _spec(tree) if not rest else None


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens, position = [], 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            if text[position:].strip():
                raise ValueError(text)
            break
        position = match.end()
        kind = match.lastgroup or ""
        tokens.append((kind, match.group(kind).strip()))
    return tokens


def _parse(tokens: list[tuple[str, str]]) -> tuple[Any, list]:
    """(head, [children]) for `head(...)` and `{...}` (children split at top-level commas, each
    a list of tokens' trees), a string for an atom."""
    kind, text = tokens[0]
    if kind == "open":  # a parenthesised shape `(4, 3)` or a dict `{...}`
        children, rest = _children(tokens[1:])
        return ("{" if text == "{" else "(", children), rest
    if kind != "atom":
        raise ValueError(text)
    if len(tokens) > 1 and tokens[1] == ("open", "("):
        children, rest = _children(tokens[2:])
        return (text, children), rest
    return text, tokens[1:]


def _children(tokens: list[tuple[str, str]]) -> tuple[list[list], list]:
    children: list[list] = [[]]
    while tokens:
        kind, _ = tokens[0]
        if kind == "close":
            return [c for c in children if c], tokens[1:]
        if kind == "comma":
            children.append([])
            tokens = tokens[1:]
            continue
        if kind == "colon":
            children[-1].append(":")
            tokens = tokens[1:]
            continue
        tree, tokens = _parse(tokens)
        children[-1].append(tree)
    raise ValueError("unclosed")


def _spec(tree: Any) -> Any:
    if isinstance(tree, str):
        return None  # UNKNOWN, STATIC, TRACED_TREE, ...
    head, children = tree
    if head == "Tracer":
        return {"array": _array(children)}
    if head == "HostArray":
        return {"array": _array(children[1:])}
    if head in ("tuple", "list"):
        if any(isinstance(c[-1], str) and c[-1].endswith("...") for c in children):
            return None  # a sequence of unknown length
        items = [_spec(c[0]) if len(c) == 1 else None for c in children]
        return None if any(i is None for i in items) else {head: items}
    if head == "Const":
        try:
            return {"const": ast.literal_eval(_text(children[0]))} if children else None
        except (ValueError, SyntaxError):
            return None
    if head == "Scalar" and children and children[0][0] in ("int", "float", "bool", "str", "complex"):
        return {"scalar": children[0][0]}
    if head == "{":
        entries = {}
        for child in children:
            if len(child) != 3 or child[1] != ":" or not isinstance(child[0], str):
                return None
            value = _spec(child[2])
            if value is None:
                return None
            entries[child[0]] = value
        return {"dict": entries}
    return None  # an instance, a function, a transformed function


def _array(children: list[list]) -> list:
    shape, dtype = None, None
    for child in children:
        first = child[0]
        if isinstance(first, tuple) and first[0] == "shape=":  # `shape=(4, 3)`, read as a call
            dims = [c[0] for c in first[1]]
            shape = [int(d) for d in dims] if all(isinstance(d, str) and d.isdigit() for d in dims) else None
        elif isinstance(first, str) and first not in ("weak", "concrete", "jax", "numpy") and "=" not in first:
            dtype = first
    return [shape, dtype]


def _text(child: list) -> str:
    parts = []
    for item in child:
        if isinstance(item, str):
            parts.append(item)
        else:
            head, children = item
            inner = ", ".join(_text(c) for c in children)
            parts.append(f"({inner},)" if head == "(" else f"{head}({inner})")
    return " ".join(parts)
