"""Checks of ``static_argnums``/``static_argnames``/``donate_*`` against the signature of the
function they apply to, done where the transformation is applied, before anything runs.

JAX raises ``ValueError`` for each of these when ``jax.jit`` is applied (out-of-range
positions, unknown names, static and donated at once) or when the function is first called
(an unhashable static argument).
"""

from __future__ import annotations

from typing import Any

from mypy.errorcodes import ErrorCode
from mypy.messages import format_type_bare
from mypy.nodes import Context
from mypy.plugin import CheckerPluginInterface
from mypy.types import CallableType, Type

from jaxcheck.mypy import errors
from jaxcheck.mypy.config import PluginConfig
from jaxcheck.mypy.hashability import unhashable_part
from jaxcheck.mypy.options import Options, Value
from jaxcheck.mypy.signatures import Parameters, function_name, is_marked_static
from jaxcheck.names import StaticArguments


class _Reporter:
    """Reports problems with one application of a transformation, in its words."""

    def __init__(
        self, transform: str, fun: CallableType, api: CheckerPluginInterface, context: Context
    ) -> None:
        self.kind = errors.function_kind(transform)
        self.function = function_name(fun)
        self.api = api
        self.context = context

    def fail(self, template: str, code: ErrorCode, **fields: object) -> None:
        message = template.format(
            kind=self.kind, Kind=self.kind.capitalize(), function=self.function, **fields
        )
        self.api.fail(message, self.context, code=code)


def check_static_arguments(
    transform: str,
    spec: StaticArguments,
    fun: CallableType,
    options: Options,
    config: PluginConfig,
    api: CheckerPluginInterface,
    context: Context,
) -> tuple[str, ...]:
    """Report static and donated arguments that JAX would reject for ``fun``; return the names
    of its static parameters whose values must be hashable (empty when JAX does not hash them)."""
    parameters = Parameters.of(fun)
    report = _Reporter(transform, fun, api, context)
    static, static_known = _selected(
        spec.static_argnums, spec.static_argnames, spec, parameters, options, report,
        errors.STATIC_ARG,
    )
    donated, _ = _selected(
        spec.donate_argnums, spec.donate_argnames, spec, parameters, options, report,
        errors.DONATE_ARG,
    )
    for name in sorted(static & donated, key=str):
        report.fail(errors.STATIC_AND_DONATED, errors.DONATE_ARG, name=name)

    declared = _declared_types(fun)
    if static_known and spec.static_argnums is not None:
        for name, annotation in declared.items():
            if name not in static and is_marked_static(annotation):
                report.fail(
                    errors.STATIC_MARKER_TRACED, errors.STATIC_ARG, name=name,
                    options=" or ".join(
                        f"`{option}`" for option in (spec.static_argnums, spec.static_argnames)
                        if option is not None
                    ),
                )
    if not spec.hashes_static:
        return ()
    hashed = tuple(name for name in declared if name in static)
    for name in hashed:
        if unhashable_part(
            declared[name], unhashable=config.unhashable_types, hashable=config.hashable_types
        ) is not None:
            report.fail(
                errors.UNHASHABLE_PARAMETER, errors.UNHASHABLE_STATIC, name=name,
                type=format_type_bare(declared[name], api.options),
            )
    return hashed


def _declared_types(fun: CallableType) -> dict[str, Type]:
    return {
        name: typ
        for kind, name, typ in zip(fun.arg_kinds, fun.arg_names, fun.arg_types)
        if name is not None and not kind.is_star()
    }


def _selected(
    numbers_option: str | None,
    names_option: str | None,
    spec: StaticArguments,
    parameters: Parameters,
    options: Options,
    report: _Reporter,
    code: ErrorCode,
) -> tuple[set[str | int], bool]:
    """The parameters (by name, or by position when nameless) that the options select, and
    whether every option could be read."""
    selected: set[str | int] = set()
    known = True
    if numbers_option is not None:
        numbers = _as_tuple(options.get(numbers_option), int)
        known &= numbers is not None
        for number in numbers or ():
            position = parameters.position(number)
            if position is None:
                if not parameters.var_positional:
                    report.fail(
                        errors.POSITION_OUT_OF_RANGE, code, option=numbers_option,
                        position=number, count=len(parameters.positional),
                    )
                continue
            name = parameters.positional[position]
            selected.add(name if name is not None else position)
    if names_option is not None:
        names = _as_tuple(options.get(names_option), str)
        known &= names is not None
        for name in names or ():
            if name in parameters.keywords:
                selected.add(name)
            elif spec.checks_names and not parameters.var_keyword:
                report.fail(errors.UNKNOWN_ARGNAME, code, option=names_option, name=name)
    return selected, known


def _as_tuple(value: Value, kind: type) -> tuple[Any, ...] | None:
    """An option given as one item or a sequence of items, as a tuple; None if unreadable."""
    if value is None:
        return ()
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return (value,)
    if isinstance(value, tuple) and all(isinstance(item, kind) for item in value):
        return value
    return None
