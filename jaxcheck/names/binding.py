"""Binding the arguments of a call to a function's parameters, the way Python does.

One binder for every reader: the analysis binds abstract values, the rules bind argument
expressions, the runtime binds descriptions of real arguments. It agrees with
``inspect.Signature.bind`` (tests/test_binding.py compares the two on generated signatures and
calls), and it also binds calls that spread ``*args`` or ``**kwargs`` of unknown length, as far as
they can be told: a binding is then *incomplete*, and the parameters it cannot place are absent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

T = TypeVar("T")

ParameterKind = Literal["positional_only", "positional", "var_positional", "keyword", "var_keyword"]


@dataclass(frozen=True)
class Parameter:
    """A parameter as ``inspect.Parameter`` describes it: its name, kind and whether it has a
    default."""

    name: str
    kind: ParameterKind
    has_default: bool = False


@dataclass
class Bound(Generic[T]):
    """The arguments of one call, by parameter name.

    ``arguments``: the argument each parameter receives (for ``*args``, a tuple of the extra
    positional arguments; for ``**kwargs``, a dict of the extra keywords). ``defaults``: the
    parameters left to their default. ``complete``: every parameter's argument is known (no
    spread of unknown length). ``error``: why Python would raise ``TypeError`` (None when it
    would not, as far as can be told).
    """

    arguments: dict[str, T | tuple[T, ...] | dict[str, T]] = field(default_factory=dict)
    defaults: list[str] = field(default_factory=list)
    complete: bool = True
    error: str | None = None

    def get(self, name: str) -> T | None:
        value = self.arguments.get(name)
        return None if isinstance(value, (tuple, dict)) else value


def bind(
    parameters: Sequence[Parameter], positional: Sequence[T], keywords: Mapping[str, T],
    *, spread_positional: bool = False, spread_keywords: bool = False,
) -> Bound[T]:
    """Bind ``positional`` and ``keywords`` to ``parameters``.

    ``spread_positional``: the call also passes ``*args`` of unknown length after
    ``positional``; ``spread_keywords``: it passes ``**kwargs`` of unknown keys. Parameters that
    only such a spread could fill are left out and the binding is incomplete.
    """
    bound: Bound[T] = Bound()
    positional_params = [p for p in parameters if p.kind in ("positional_only", "positional")]
    var_positional = next((p for p in parameters if p.kind == "var_positional"), None)
    var_keyword = next((p for p in parameters if p.kind == "var_keyword"), None)
    for param, value in zip(positional_params, positional):
        bound.arguments[param.name] = value
    extra = list(positional[len(positional_params):])
    if extra:
        if var_positional is None:
            bound.error = f"takes {len(positional_params)} positional arguments but {len(positional)} were given"
            return bound
        bound.arguments[var_positional.name] = tuple(extra)
    elif var_positional is not None and not spread_positional:
        bound.arguments[var_positional.name] = ()
    by_name = {p.name: p for p in parameters}
    extra_keywords: dict[str, T] = {}
    for name, value in keywords.items():
        param = by_name.get(name)
        if param is None or param.kind in ("var_positional", "var_keyword"):
            if var_keyword is None:
                bound.error = f"got an unexpected keyword argument {name!r}"
                return bound
            extra_keywords[name] = value
            continue
        if param.kind == "positional_only":
            if var_keyword is None:
                bound.error = f"got some positional-only arguments passed as keyword arguments: {name!r}"
                return bound
            extra_keywords[name] = value
            continue
        if name in bound.arguments:
            bound.error = f"got multiple values for argument {name!r}"
            return bound
        bound.arguments[name] = value
    if var_keyword is not None and (extra_keywords or not spread_keywords):
        bound.arguments[var_keyword.name] = extra_keywords
    for param in parameters:
        if param.name in bound.arguments or param.kind in ("var_positional", "var_keyword"):
            continue
        reachable_by_spread = (spread_positional and param.kind in ("positional_only", "positional")) or (
            spread_keywords and param.kind in ("positional", "keyword")
        )
        if reachable_by_spread:
            bound.complete = False
        elif param.has_default:
            bound.defaults.append(param.name)
        elif bound.error is None:
            bound.error = f"missing a required argument: {param.name!r}"
    if spread_positional or spread_keywords:
        bound.complete = False
    return bound
