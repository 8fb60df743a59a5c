"""How ``jax.jit`` reads ``static_argnums``/``static_argnames``/``donate_argnums``/``donate_argnames``.

One interpretation, used by the linter and by the mypy plugin alike. Measured on jax 0.10.2
(``jax._src.api_util.resolve_argnums`` does the same since 0.4):

* Numbers and names complete each other only when one of the two options is absent: numbers
  alone name the positional-or-keyword parameters at those non-negative positions, names alone
  number them. When both are given, each is taken as written.
* Numbers are checked against the positional parameters, ``*args`` accepting any number:
  ``n`` positional parameters accept ``-n <= i < n``.
* Names must be parameters that can be passed by keyword (any name with ``**kwargs``);
  positional-only ones are rejected.
* Static and donated overlap only by name: ``static_argnums=-1, donate_argnums=1`` on
  ``def f(a, b)`` is accepted, since a negative number names nothing. ``jax.pmap``, which has
  no names, compares the numbers as written instead.

Which arguments end up static at a call is a different question: a negative number counts
back from the positional arguments the call passes (:func:`static_at_call`), measured on jax
0.10.2: `jax.jit(f, static_argnums=-1)(1.0, 3)` on `def f(x, n, verbose=False)` makes `n`
static, and `(1.0, 3, False)` makes `verbose` static.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Kind = Literal["positional_only", "positional", "keyword", "var_positional", "var_keyword"]


@dataclass(frozen=True)
class Parameter:
    """A parameter as ``inspect.signature`` describes it: a name (None when unknown) and a kind."""

    name: str | None
    kind: Kind


@dataclass(frozen=True)
class Selection:
    """One option pair (``static_*`` or ``donate_*``) after JAX has completed it."""

    argnums: tuple[int, ...]
    argnames: tuple[str, ...]


def positional(parameters: Sequence[Parameter]) -> list[Parameter]:
    """The parameters an argument number can refer to."""
    return [p for p in parameters if p.kind in ("positional_only", "positional")]


def complete(
    parameters: Sequence[Parameter],
    argnums: Sequence[int] | None,
    argnames: Sequence[str] | None,
) -> Selection:
    """The numbers and names JAX uses when ``argnums``/``argnames`` are given (None: absent)."""
    if argnums is not None and argnames is not None:
        return Selection(tuple(argnums), tuple(argnames))
    if argnums is None and argnames is None:
        return Selection((), ())
    keywordable = [
        (index, p.name) for index, p in enumerate(parameters) if p.kind == "positional" and p.name
    ]
    if argnums is None:
        names = tuple(argnames or ())
        return Selection(tuple(i for i, name in keywordable if name in names), names)
    numbers = tuple(argnums)
    return Selection(numbers, tuple(name for i, name in keywordable if i in numbers))


def numbers_out_of_range(parameters: Sequence[Parameter], argnums: Sequence[int]) -> tuple[int, ...]:
    """The numbers JAX rejects (it then rejects the whole option)."""
    if any(p.kind == "var_positional" for p in parameters):
        return ()
    count = len(positional(parameters))
    return tuple(number for number in argnums if not -count <= number < count)


def invalid_names(
    parameters: Sequence[Parameter], argnames: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names JAX rejects: (not parameters at all, positional-only or ``*args``)."""
    keyword = {p.name for p in parameters if p.kind in ("positional", "keyword")}
    not_keyword = {p.name for p in parameters if p.kind in ("positional_only", "var_positional")}
    var_keyword = any(p.kind == "var_keyword" for p in parameters)
    unknown = tuple(
        name for name in argnames if name not in keyword | not_keyword and not var_keyword
    )
    positional_only = tuple(name for name in argnames if name in not_keyword)
    return unknown, positional_only


def overlap(static: Selection, donated: Selection) -> tuple[str, ...]:
    """Names both static and donated: what JAX refuses when it wraps the function."""
    return tuple(name for name in static.argnames if name in donated.argnames)


def overlapping_numbers(
    parameters: Sequence[Parameter], static: Selection, donated: Selection
) -> tuple[str, ...]:
    """``jax.pmap``'s check, by number as written (``-1`` and ``1`` do not meet), named by the
    parameter at that number."""
    numbered = positional(parameters)
    return tuple(
        str(numbered[number].name)
        for number in static.argnums
        if number in donated.argnums and -len(numbered) <= number < len(numbered)
    )


def static_names(parameters: Sequence[Parameter], selection: Selection) -> set[str]:
    """Parameters whose value is static when passed as usual: the named ones, and the positional
    ones at non-negative numbers. A negative number counts back from the arguments a call passes
    (:func:`static_positions`), so it names no parameter here (:func:`maybe_static_names`)."""
    result = set(selection.argnames)
    numbered = positional(parameters)
    for number in selection.argnums:
        if 0 <= number < len(numbered) and numbered[number].name:
            result.add(str(numbered[number].name))
    return result


def maybe_static_names(parameters: Sequence[Parameter], selection: Selection) -> set[str]:
    """Positional parameters that a negative number makes static for some number of positional
    arguments a call may pass (from one to all of them)."""
    numbered = positional(parameters)
    found = set()
    for number in selection.argnums:
        if number < 0:
            for passed in range(1, len(numbered) + 1):
                index = passed + number
                if 0 <= index < len(numbered) and numbered[index].name:
                    found.add(str(numbered[index].name))
    return found


def static_at_call(
    parameters: Sequence[Parameter], selection: Selection, passed: int, complete_names: bool,
) -> tuple[set[int], set[str]]:
    """(positions among the ``passed`` positional arguments, keyword names) whose values jax
    keeps static at one call. ``complete_names``: only one of the two options was given, so
    jax completed the other, and a parameter static by number is static by keyword too (and
    the reverse)."""
    positions = static_positions(selection, passed)
    names = set(selection.argnames)
    numbered = positional(parameters)
    if complete_names:
        names |= {str(numbered[n].name) for n in selection.argnums if 0 <= n < len(numbered) and numbered[n].name}
        positions |= {index for index, param in enumerate(numbered) if param.name in names}
    return positions, names


def static_positions(selection: Selection, passed: int) -> set[int]:
    """The positions, among the ``passed`` positional arguments of one call, that are static:
    a negative number counts back from the arguments passed, not from the parameters (measured
    on jax 0.10.2: `jax.jit(f, static_argnums=-1)(1.0, 3)` on `def f(x, n, verbose=False)`
    makes `n` static, and `(1.0, 3, False)` makes `verbose` static)."""
    return {number if number >= 0 else passed + number for number in selection.argnums if -passed <= number < passed or number >= 0}
