"""The literal options of a jit-like application that say which arguments are static or
donated (``static_argnums``, ``static_argnames``, ``donate_*``; pmap's
``static_broadcasted_argnums``), and the parameters they make static."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from ... import argnums
from ..syntax.scopes import FunctionInfo

_OPTION_NAMES = ("static_argnums", "static_argnames", "donate_argnums", "donate_argnames")


@dataclass
class ArgSpec:
    """Literal ``static_argnums``/``static_argnames``/``donate_*`` values; None if not literal."""

    static_argnums: tuple[int, ...] | None = ()
    static_argnames: tuple[str, ...] | None = ()
    donate_argnums: tuple[int, ...] | None = ()
    donate_argnames: tuple[str, ...] | None = ()

    @property
    def known(self) -> bool:
        return None not in (self.static_argnums, self.static_argnames)


# `jax.pmap` spells static positions `static_broadcasted_argnums`; `custom_jvp`/`custom_vjp`
# spell them `nondiff_argnums`/`nondiff_argnames` (those arguments reach the function and its
# rules as the Python values they are: measured on jax 0.10.2, under jit and grad).
_OPTION_ALIASES = {
    "static_argnums": ("static_argnums", "static_broadcasted_argnums", "nondiff_argnums"),
    "static_argnames": ("static_argnames", "nondiff_argnames"),
}


def parse_spec(options: dict[str, cst.Arg]) -> ArgSpec:
    spec = ArgSpec()
    if "excluded" in options:  # `jnp.vectorize`: one set of positions and names passed as given
        excluded = options["excluded"].value
        if isinstance(excluded, (cst.Set, cst.Tuple, cst.List)):
            values = [e.value for e in excluded.elements]
            numbers = [v for v in values if not isinstance(v, cst.SimpleString)]
            texts = [v for v in values if isinstance(v, cst.SimpleString)]
            spec.static_argnums = _literal_ints(cst.Tuple([cst.Element(n) for n in numbers]))
            spec.static_argnames = _literal_strs(cst.Tuple([cst.Element(t) for t in texts]))
        else:  # computed (`tuple(range(1, n))`): which positions stay Python values is unknown
            spec.static_argnums = spec.static_argnames = None
    for option in _OPTION_NAMES:
        spellings = _OPTION_ALIASES.get(option, (option,))
        arg = next((options[s] for s in spellings if s in options), None)
        if arg is not None:
            parse = _literal_ints if option.endswith("nums") else _literal_strs
            setattr(spec, option, parse(arg.value))
    return spec


def _literal_ints(node: cst.BaseExpression) -> tuple[int, ...] | None:
    items = node.elements if isinstance(node, (cst.Tuple, cst.List)) else None
    values = [e.value for e in items] if items is not None else [node]
    result = []
    for value in values:
        negative = isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus)
        inner = value.expression if negative else value
        if not isinstance(inner, cst.Integer):
            return None
        result.append(-int(inner.value, 0) if negative else int(inner.value, 0))
    return tuple(result)


def _literal_strs(node: cst.BaseExpression) -> tuple[str, ...] | None:
    items = node.elements if isinstance(node, (cst.Tuple, cst.List)) else None
    values = [e.value for e in items] if items is not None else [node]
    result = []
    for value in values:
        if not isinstance(value, cst.SimpleString):
            return None
        evaluated = value.evaluated_value
        if not isinstance(evaluated, str):
            return None
        result.append(evaluated)
    return tuple(result)


def static_params_of(function: FunctionInfo, spec: ArgSpec, offset: int = 0) -> frozenset[str] | None:
    """The parameter names made static by ``spec``; None when that cannot be told.

    ``offset``: parameters already bound before the wrapper is called (1 for `self` when a
    bound method such as `jax.jit(self.step)` is wrapped).
    """
    if not spec.known:
        return None
    if not function.has_var_keyword() and any(function.param(n) is None for n in spec.static_argnames or ()):
        return None  # jit rejects a static name that is no parameter: the body never runs
    positional = function.positional_params()[offset:]
    parameters = [argnums.Parameter(p.name, "positional") for p in positional]
    if not function.has_var_positional() and argnums.numbers_out_of_range(parameters, spec.static_argnums or ()):
        # jit rejects a number past the positional parameters when it is built (measured on jax
        # 0.10.2: `jax.jit(self.m, static_argnums=(2,))` with `m(self, r, h)` raises ValueError)
        return None
    selection = argnums.Selection(spec.static_argnums or (), spec.static_argnames or ())
    # A parameter a negative number may make static is no traced value for certain either.
    return frozenset(argnums.static_names(parameters, selection) | argnums.maybe_static_names(parameters, selection))
