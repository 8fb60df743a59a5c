"""jaxcheck.argnums agrees with what `jax.jit` accepts and rejects, case by case, on real jax."""

from __future__ import annotations

import inspect

import jax
import pytest

from jaxcheck import argnums


def two(a, b):
    return a


def positional_only(a, /, b):
    return a


def star(a, *rest, k=1):
    return a


def keywords(a, *, k=1, **extra):
    return a


_KIND_NAMES: dict[inspect._ParameterKind, argnums.Kind] = {
    inspect.Parameter.POSITIONAL_ONLY: "positional_only",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
    inspect.Parameter.VAR_POSITIONAL: "var_positional",
    inspect.Parameter.KEYWORD_ONLY: "keyword",
    inspect.Parameter.VAR_KEYWORD: "var_keyword",
}

CASES = [
    (two, {"static_argnums": -1, "donate_argnums": 1}),
    (two, {"static_argnums": 1, "donate_argnums": 1}),
    (two, {"static_argnums": 1, "donate_argnames": "b"}),
    (two, {"static_argnames": "b", "donate_argnums": 1}),
    (two, {"static_argnums": -1, "donate_argnames": "b"}),
    (two, {"static_argnums": 1, "static_argnames": (), "donate_argnames": "b"}),
    (two, {"static_argnums": (0, 1), "static_argnames": "a", "donate_argnums": 1}),
    (two, {"static_argnums": 2}),
    (two, {"static_argnums": -3}),
    (two, {"static_argnums": -2}),
    (two, {"donate_argnums": 5}),
    (two, {"static_argnames": "zz"}),
    (positional_only, {"static_argnames": "a"}),
    (positional_only, {"static_argnums": 0, "donate_argnums": 0}),
    (star, {"static_argnums": 7, "donate_argnums": 7}),
    (star, {"static_argnames": "rest"}),
    (star, {"static_argnames": "k", "donate_argnames": "k"}),
    (keywords, {"static_argnames": "anything"}),
    (keywords, {"static_argnums": 1}),
]


def _predicted_error(function, options) -> str | None:
    """What jaxcheck.argnums says jax will reject, in jax's words."""
    parameters = [
        argnums.Parameter(name, _KIND_NAMES[p.kind])
        for name, p in inspect.signature(function).parameters.items()
    ]
    selections = {}
    for prefix in ("static", "donate"):
        numbers = options.get(f"{prefix}_argnums")
        names = options.get(f"{prefix}_argnames")
        numbers = (numbers,) if isinstance(numbers, int) else numbers
        names = (names,) if isinstance(names, str) else names
        selection = argnums.complete(parameters, numbers, names)
        if argnums.numbers_out_of_range(parameters, selection.argnums):
            return f"{prefix}_argnums"
        unknown, positional_only = argnums.invalid_names(parameters, selection.argnames)
        if unknown or positional_only:
            return f"{prefix}_argnames"
        selections[prefix] = selection
    if argnums.overlap(selections["static"], selections["donate"]):
        return "cannot intersect"
    return None


def _jax_error(function, options) -> str | None:
    try:
        jax.jit(function, **options)
    except ValueError as error:
        return str(error)
    return None


@pytest.mark.parametrize(("function", "options"), CASES, ids=lambda c: getattr(c, "__name__", str(c)))
def test_argnums_interpretation_matches_jax(function, options):
    predicted = _predicted_error(function, options)
    actual = _jax_error(function, options)
    if predicted is None:
        assert actual is None
    else:
        assert actual is not None and predicted in actual


def test_negative_number_makes_last_positional_static_at_calls():
    parameters = [argnums.Parameter("a", "positional"), argnums.Parameter("b", "positional")]
    selection = argnums.complete(parameters, (-1,), None)
    assert selection.argnames == ()  # jax names nothing for a negative number
    assert argnums.static_names(parameters, selection) == {"b"}
