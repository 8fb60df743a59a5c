"""What a call of a factory returns: the class of the instance it builds (for
:meth:`.staging.StagingAnalysis.instance_class`), or the functions it returns (for
:meth:`.staging.StagingAnalysis.functions_of`).

A factory (`fns = neighbor_list(...)`, or `fns, energy = neighbor_list_and_energy(...)`)
builds an instance of a class of the checked code when its return annotation names that class
(`-> NeighborListFns`; `-> tuple[NeighborListFns, Callable]` for the first name unpacked), or
when every `return` of its body builds one (`return NeighborListFns(allocate, update)`; the
same position of a returned tuple for an unpacked name). The factory may live in another module
of the project: its annotation is read where it is defined. A factory of functions returns
nested functions (or a tuple of them) on every `return`: the names bound to its result are
those functions, traced where the result is jitted or called under a trace.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from ..syntax.scopes import ClassInfo, FunctionInfo, Scope
from ..syntax.walk import dotted_name

if TYPE_CHECKING:
    from .staging import StagingAnalysis

# (value, scope, depth) -> the class it builds, for the returned expressions of the factory
BuiltBy = Callable[[cst.CSTNode | None, Scope, int], "ClassInfo | None"]

_TUPLES = frozenset({"tuple", "typing.Tuple", "builtins.tuple"})


def unpacked_class(
    staging: StagingAnalysis, value: cst.CSTNode, index: int, scope: Scope, depth: int, built_by: BuiltBy
) -> ClassInfo | None:
    """The class of the ``index``-th name unpacked from ``value`` (`a, b = value`)."""
    if isinstance(value, (cst.Tuple, cst.List)):
        elements = value.elements
        if index < len(elements) and not any(isinstance(e, cst.StarredElement) for e in elements[: index + 1]):
            return built_by(elements[index].value, scope, depth + 1)
        return None
    if isinstance(value, cst.Call):
        return returned_class(staging, value, scope, depth, built_by, index)
    return None


def returned_class(
    staging: StagingAnalysis, call: cst.Call, scope: Scope, depth: int, built_by: BuiltBy, index: int | None = None
) -> ClassInfo | None:
    """The class of what ``call`` returns (of its ``index``-th element, for a tuple), when the
    called function of the checked code says so by annotation or by every `return`."""
    functions = {function for function, _ in staging.functions_of(call.func, scope)}
    if len(functions) != 1:
        return None
    (function,) = functions
    if not isinstance(function.node, cst.FunctionDef):
        return None
    where = function.parent or function
    returns = function.node.returns
    if returns is not None:
        annotation = _element(staging, returns.annotation, index, where)
        return staging.class_named(annotation, where) if annotation is not None else None
    classes = set()
    for expression in function.returns:
        if index is not None:
            if not isinstance(expression, cst.Tuple) or index >= len(expression.elements):
                return None
            expression = expression.elements[index].value
        classes.add(built_by(expression, function, depth + 1))
    return classes.pop() if len(classes) == 1 else None


def returned_functions(
    staging: StagingAnalysis, call: cst.Call, scope: Scope, depth: int, index: int | None = None
) -> list[tuple[FunctionInfo, int | None]]:
    """The functions ``call`` returns (its ``index``-th element, for a tuple), when the called
    function of the checked code returns functions on every `return`: a factory of configured
    closures (`init_fn, step_fn = simulate.nve(energy_fn, shift)`, `step = make_step(cfg)`).
    Answered once per call and position (a name bound to any call's result asks this)."""
    if not staging.calls_ready:  # instances' classes are known once calls are indexed
        return _returned_functions(staging, call, scope, depth, index)
    key = (call, index)
    cache = staging.factory_results
    if key not in cache:
        cache[key] = []  # a factory that returns its own result: nothing, while being answered
        cache[key] = _returned_functions(staging, call, scope, depth, index)
    return cache[key]


def _returned_functions(
    staging: StagingAnalysis, call: cst.Call, scope: Scope, depth: int, index: int | None
) -> list[tuple[FunctionInfo, int | None]]:
    called = {function for function, _ in staging.functions_of(call.func, scope, depth + 1)}
    if len(called) != 1:
        return []
    (factory,) = called
    if not isinstance(factory.node, cst.FunctionDef) or not factory.returns:
        return []
    found: list[tuple[FunctionInfo, int | None]] = []
    for expression in factory.returns:
        if index is not None:
            if not isinstance(expression, cst.Tuple) or index >= len(expression.elements):
                return []
            expression = expression.elements[index].value
        functions = staging.functions_of(expression, factory, depth + 1)
        if not functions:
            return []  # some path returns something else: not a factory of functions
        found += [f for f in functions if f not in found]
    return found


def _element(
    staging: StagingAnalysis, annotation: cst.BaseExpression, index: int | None, scope: Scope
) -> cst.BaseExpression | None:
    """The annotation of the returned value, or of its ``index``-th element (`Tuple[A, B]`)."""
    if index is None:
        return annotation
    if not isinstance(annotation, cst.Subscript):
        return None
    name = staging.resolver.qualified_name(annotation.value, scope) or dotted_name(annotation.value)
    if name not in _TUPLES or index >= len(annotation.slice):
        return None
    element = annotation.slice[index].slice
    return element.value if isinstance(element, cst.Index) else None
