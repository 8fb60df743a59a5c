"""Which arguments of a call land on static parameters of a jitted function, as JAX binds them.

JAX counts positions among the positional arguments it receives (a bound `self` included),
counts negative `static_argnums` from the number actually passed, and sees `f(**config)` as
the keywords of `config`.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from ... import argnums
from ._common import Signature


def static_arguments(call: cst.Call, sig: Signature, offset: int) -> Iterator[tuple[cst.Arg, str]]:
    """(argument, parameter) for each argument of ``call`` that lands on a static parameter.

    JAX counts positions among the positional arguments it receives (a bound `self` included),
    and counts negative `static_argnums` from the number actually passed (one reading of the
    options for every reader: :func:`jaxcheck.argnums.static_at_call`)."""
    positional = sig.positional
    first = offset - sig.skip
    passed = [a for a in call.args if a.keyword is None and a.star != "**"]
    known_count = not any(a.star == "*" for a in passed)
    star_name = next((p.name for p in sig.params if p.kind == "var_positional"), None)
    spec = sig.site.spec
    given = sig.site.application.options
    selection = argnums.Selection(tuple(spec.static_argnums or ()), tuple(spec.static_argnames or ()))
    complete_names = not ("static_argnames" in given and any(
        o in given for o in ("static_argnums", "static_broadcasted_argnums")
    ))
    positions, names = argnums.static_at_call(
        sig.parameters, selection, first + len(passed) if known_count else 0, complete_names
    )
    if not known_count:  # a negative number counts from an unknown end: only explicit ones
        positions = {n for n in selection.argnums if n >= 0} | (
            {i for i, p in enumerate(argnums.positional(sig.parameters)) if p.name in names}
        )
    for index, arg in enumerate(passed, start=first):
        if arg.star:
            break  # positions after `*args` are unknown
        name = positional[index].name if index < len(positional) else None
        if name is None and star_name is None:
            break  # more arguments than parameters: a different error
        if index in positions:
            yield arg, name or f"*{star_name}[{index - len(positional)}]"
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in names:
            yield arg, arg.keyword.value


def unpacked_static_entries(
    facts, call: cst.Call, sig: Signature, scope
) -> Iterator[tuple[cst.BaseExpression, cst.BaseExpression, str]]:
    """(`config` of `**config`, entry value, parameter) for each entry of a dict display bound
    once to `config` and never changed whose string key names a static parameter: Python binds
    `f(**{"sizes": [64]})` as `f(sizes=[64])`."""
    static = sig.static_names()
    for arg in call.args:
        if arg.star != "**" or not isinstance(arg.value, cst.Name):
            continue
        found = facts.resolver.lookup(arg.value.value, scope)
        if not found or len(found[1]) != 1 or found[1][0].kind != "assign":
            continue
        display = found[1][0].node
        if not isinstance(display, cst.Dict) or _changed(facts, arg.value.value, found[0]):
            continue
        for element in display.elements:
            key = element.key if isinstance(element, cst.DictElement) else None
            name = key.evaluated_value if isinstance(key, cst.SimpleString) else None
            if name in static:
                yield arg.value, element.value, name


def _changed(facts, name: str, scope) -> bool:
    """Whether the code of ``scope`` may change the dict ``name`` holds: `name[k] = v`, a method
    call such as `name.update(...)`, or handing it to a call other than as `**name`."""
    found = []

    class _Uses(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == name:
                found.append(node)

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == name:
                found.append(node)

        def visit_Arg(self, node: cst.Arg) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == name and node.star != "**":
                found.append(node)

    scope.node.visit(_Uses())
    return bool(found)


def static_receiver(call: cst.Call, sig: Signature, offset: int) -> cst.BaseExpression | None:
    """The instance of `instance.method(...)` when the jitted method's `self` is static."""
    if offset != 1 or sig.skip != 0 or not sig.positional or not isinstance(call.func, cst.Attribute):
        return None
    first = sig.positional[0].name
    static = first in sig.static_names() or 0 in set(sig.site.spec.static_argnums or ())
    return call.func.value if static else None
