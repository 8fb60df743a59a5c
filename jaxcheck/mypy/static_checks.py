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
from mypy.nodes import ArgKind, Context, FuncItem
from mypy.plugin import CheckerPluginInterface
from mypy.types import CallableType, Type

from jaxcheck import argnums
from jaxcheck.mypy import errors
from jaxcheck.mypy.config import PluginConfig
from jaxcheck.mypy.hashability import unhashable_part
from jaxcheck.mypy.options import Options, Value
from jaxcheck.mypy.signatures import function_name, is_marked_static
from jaxcheck.mypy.traced_self import check_traced_self
from jaxcheck.names import TRACES_SELF, StaticArguments


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
    parameters = parameters_of(fun)
    report = _Reporter(transform, fun, api, context)
    static = _selection(
        spec.static_argnums, spec.static_argnames, spec, parameters, options, report,
        errors.STATIC_ARG,
    )
    donated = _selection(
        spec.donate_argnums, spec.donate_argnames, spec, parameters, options, report,
        errors.DONATE_ARG,
    )
    if static is not None and donated is not None:
        both = (
            argnums.overlap(static, donated)
            if spec.static_argnames is not None
            else argnums.overlapping_numbers(parameters, static, donated)
        )
        for name in both:
            report.fail(errors.STATIC_AND_DONATED, errors.DONATE_ARG, name=name)
    static_names = argnums.static_names(parameters, static) if static is not None else set()
    if static is not None and transform in TRACES_SELF:
        check_traced_self(transform, fun, static_names, api, context)

    declared = _declared_types(fun)
    if static is not None and spec.static_argnums is not None:
        for name, annotation in declared.items():
            if name not in static_names and is_marked_static(annotation):
                report.fail(
                    errors.STATIC_MARKER_TRACED, errors.STATIC_ARG, name=name,
                    options=" or ".join(
                        f"`{option}`" for option in (spec.static_argnums, spec.static_argnames)
                        if option is not None
                    ),
                )
    if not spec.hashes_static:
        return ()
    hashed = tuple(name for name in declared if name in static_names)
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


def parameters_of(fun: CallableType) -> list[argnums.Parameter]:
    """``fun``'s parameters as ``inspect.signature`` would describe them."""
    # mypy leaves positional-only parameters nameless (or spells them `__name`); the
    # definition, when there is one, still has their names.
    arguments = fun.definition.arguments if isinstance(fun.definition, FuncItem) else None
    names = (
        [argument.variable.name for argument in arguments]
        if arguments is not None and len(arguments) == len(fun.arg_names)
        else None
    )
    parameters = []
    keyword_only = False
    for index, (kind, name) in enumerate(zip(fun.arg_kinds, fun.arg_names)):
        # After a keyword-only parameter every parameter is keyword-only, as `inspect.signature`
        # says; mypy's `functools.partial` keeps the later ones positional (`partial(f, a=1)`
        # on `def f(x, a, b)`), which would number `b` at the index of `a`.
        keyword_only |= kind in (ArgKind.ARG_NAMED, ArgKind.ARG_NAMED_OPT, ArgKind.ARG_STAR)
        if kind.is_positional() and (name is None or _is_dunder_positional(name)):
            described: argnums.Kind = "positional_only"
        elif kind.is_positional() and keyword_only:
            described = "keyword"
        else:
            described = _KINDS[kind]
        parameters.append(
            argnums.Parameter(names[index] if names is not None and name is None else name, described)
        )
    return parameters


def _is_dunder_positional(name: str) -> bool:
    return name.startswith("__") and not name.endswith("__")


_KINDS: dict[ArgKind, argnums.Kind] = {
    ArgKind.ARG_POS: "positional",
    ArgKind.ARG_OPT: "positional",
    ArgKind.ARG_STAR: "var_positional",
    ArgKind.ARG_NAMED: "keyword",
    ArgKind.ARG_NAMED_OPT: "keyword",
    ArgKind.ARG_STAR2: "var_keyword",
}


def _selection(
    numbers_option: str | None,
    names_option: str | None,
    spec: StaticArguments,
    parameters: list[argnums.Parameter],
    options: Options,
    report: _Reporter,
    code: ErrorCode,
) -> argnums.Selection | None:
    """The numbers and names JAX takes from the options (reporting those it rejects); None
    when an option could not be read."""
    numbers = _as_tuple(options.get(numbers_option), int) if numbers_option else ()
    names = _as_tuple(options.get(names_option), str) if names_option else ()
    if numbers is None or names is None:
        return None
    for number in argnums.numbers_out_of_range(parameters, numbers):
        report.fail(
            errors.POSITION_OUT_OF_RANGE, code, option=numbers_option, position=number,
            count=len(argnums.positional(parameters)),
        )
    unknown, positional_only = argnums.invalid_names(parameters, names)
    if spec.checks_names:
        for name in unknown:
            report.fail(errors.UNKNOWN_ARGNAME, code, option=names_option, name=name)
        for name in positional_only:
            report.fail(errors.POSITIONAL_ONLY_ARGNAME, code, option=names_option, name=name)
    return argnums.complete(
        parameters,
        numbers if options.get(numbers_option or "") is not None else None,
        names if options.get(names_option or "") is not None else None,
    )


def _as_tuple(value: Value, kind: type) -> tuple[Any, ...] | None:
    """An option given as one item or a sequence of items, as a tuple; None if unreadable."""
    if value is None:
        return ()
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return (value,)
    if isinstance(value, tuple) and all(isinstance(item, kind) for item in value):
        return value
    return None
