"""Which values the calls of a jitted function pass to its static parameters, as JAX binds
them, and which of those values cannot be hashed.

JAX counts positions among the positional arguments it receives (a bound `self` included),
counts negative `static_argnums` from the number actually passed (:func:`jaxcheck.argnums.
static_at_call`, the one reading of the options), and sees `f(**config)` as the keywords of
`config`. Which parameter each argument lands on is the one binder's
(:func:`jaxcheck.analysis.syntax.binding.bind_call`, agreeing with `inspect.Signature.bind`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import libcst as cst

from ... import argnums
from ..syntax.binding import bind_call
from ..syntax.scopes import Scope
from ..transforms.jit_signature import Signature, signature, wrapped_again
from .hashing import hashing_of, value_hashing

if TYPE_CHECKING:
    from ..facts import ModuleFacts


@dataclass(frozen=True)
class StaticArgument:
    """A value a call passes to a static parameter of a jitted function of the checked code.

    ``node``: where it is written (the argument; `config` of `f(**config)`; the instance of
    `instance.method(...)` whose `self` is static); ``value``: the expression whose value JAX
    hashes (the dict entry for `**config`)."""

    call: cst.Call
    node: cst.BaseExpression
    value: cst.BaseExpression
    param: str
    signature: Signature
    scope: Scope
    form: Literal["argument", "unpacked", "receiver"]


def static_arguments_at_calls(facts: ModuleFacts) -> Iterator[StaticArgument]:
    """Every value a call of the module passes to a static parameter of a jitted function whose
    signature can be told (of this module, or another checked one), in the order of the calls."""
    for site in facts.sites(cst.Call):
        call = site.node
        callee = facts.jitted_callee(call, site.scope)
        sig = signature(facts, callee.site, hashing=True) if callee is not None else None
        if sig is None or sig.function is not callee.function or wrapped_again(sig):
            continue
        for arg, param in static_arguments(call, sig, callee.offset):
            yield StaticArgument(call, arg.value, arg.value, param, sig, site.scope, "argument")
        for unpacked, entry, param in unpacked_static_entries(facts, call, sig, site.scope):
            yield StaticArgument(call, unpacked, entry, param, sig, site.scope, "unpacked")
        receiver = static_receiver(call, sig, callee.offset)
        if receiver is not None:
            yield StaticArgument(call, receiver, receiver, sig.positional[0].name, sig, site.scope, "receiver")


def static_arguments(call: cst.Call, sig: Signature, offset: int) -> Iterator[tuple[cst.Arg, str]]:
    """(argument, parameter) for each argument of ``call`` that lands on a static parameter;
    ``offset`` leading parameters are bound by the call (`self` of `instance.method(...)`)."""
    first = offset - sig.skip
    passed = [a for a in call.args if a.keyword is None and a.star != "**"]
    known_count = not any(a.star == "*" for a in passed)
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
    bound = bind_call(call, sig.function, offset) if first >= 0 else None
    parameter_of = {id(value): param.name for param, value in bound.pairs} if bound is not None else {}
    star_name = next((p.name for p in sig.params if p.kind == "var_positional"), None)
    count = len(sig.positional)
    for index, arg in enumerate(passed, start=first):
        if arg.star:
            break  # positions after `*args` are unknown
        name = parameter_of.get(id(arg.value)) if index < count else None
        if name is None:
            if star_name is None or index < count:
                break  # more arguments than parameters: a different error
            name = f"*{star_name}[{index - count}]"
        if index in positions:
            yield arg, name
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in names:
            yield arg, arg.keyword.value


def unpacked_static_entries(
    facts: ModuleFacts, call: cst.Call, sig: Signature, scope: Scope
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
        if not isinstance(display, cst.Dict) or _changed(arg.value.value, found[0]):
            continue
        for element in display.elements:
            key = element.key if isinstance(element, cst.DictElement) else None
            name = key.evaluated_value if isinstance(key, cst.SimpleString) else None
            if name in static:
                yield arg.value, element.value, name


def _changed(name: str, scope: Scope) -> bool:
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


def unhashable_value(facts: ModuleFacts, expression: cst.BaseExpression, scope: Scope) -> str | None:
    """What unhashable value ``expression`` holds (``a list``), or None if it may be hashable:
    from how it is written (the most telling description), else from the value the analysis
    found it to hold where the call runs (a helper's result, an attribute, a config entry)."""
    hashing = hashing_of(facts, expression, scope)
    if hashing is None:
        hashing = value_hashing(facts, facts.host_value(expression) or facts.abstract_value(expression))
    return hashing.description if hashing is not None and hashing.kind == "unhashable" else None
