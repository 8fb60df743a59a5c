"""A function of the checked code's parameters as the one binder (:mod:`jaxcheck.names.binding`)
and the one reading of `static_argnums` (:mod:`jaxcheck.argnums`) describe them."""

from __future__ import annotations

import weakref

from ...names import binding as arguments
from .scopes import FunctionInfo

_SIGNATURES: weakref.WeakKeyDictionary[FunctionInfo, tuple[arguments.Parameter, ...]] = weakref.WeakKeyDictionary()


def signature(function: FunctionInfo) -> tuple[arguments.Parameter, ...]:
    """``function``'s parameters as the binder describes them."""
    found = _SIGNATURES.get(function)
    if found is None:
        node = function.node
        positional_only = {p.name.value for p in node.params.posonly_params}  # type: ignore[attr-defined]
        found = _SIGNATURES[function] = tuple(
            arguments.Parameter(
                p.name, "positional_only" if p.name in positional_only else p.kind, p.default is not None,  # type: ignore[arg-type]
            )
            for p in function.params
        )
    return found
