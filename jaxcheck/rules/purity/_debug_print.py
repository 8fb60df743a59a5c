"""Rewriting `print(...)` as `jax.debug.print(...)` with an equivalent format string."""

from __future__ import annotations

import libcst as cst


def debug_print_call(call: cst.Call, jax_name: str, module: cst.Module) -> str | None:
    """The `jax.debug.print` call text for ``call``, or None when it cannot be said exactly
    (`file=`, `end=`, `*args`, f-string conversions or format specs, bytes)."""
    separator = " "
    pieces: list[str] = []
    values: list[str] = []
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == "sep" and isinstance(arg.value, cst.SimpleString):
                evaluated = arg.value.evaluated_value
                if not isinstance(evaluated, str):
                    return None
                separator = evaluated
                continue
            return None
        piece = _format_piece(arg.value, values, module)
        if piece is None:
            return None
        pieces.append(piece)
    template = _escape(separator).join(pieces)
    arguments = ", ".join([_string_literal(template), *values])
    return f"{jax_name}.debug.print({arguments})"


def _format_piece(value: cst.BaseExpression, values: list[str], module: cst.Module) -> str | None:
    if isinstance(value, cst.SimpleString):
        evaluated = value.evaluated_value
        return _escape(evaluated) if isinstance(evaluated, str) else None
    if isinstance(value, cst.FormattedString):
        if "b" in value.prefix.lower():
            return None
        text = []
        for part in value.parts:
            if isinstance(part, cst.FormattedStringText):
                if "r" not in value.prefix.lower() and "\\" in part.value:
                    return None  # escapes: keep it simple and exact
                text.append(part.value)  # already brace-escaped in f-string syntax
            else:
                if part.conversion is not None or part.format_spec is not None or part.equal is not None:
                    return None
                text.append("{}")
                values.append(module.code_for_node(part.expression))
        return "".join(text)
    values.append(module.code_for_node(value))
    return "{}"


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _string_literal(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'
