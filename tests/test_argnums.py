"""jaxcheck.argnums agrees with what `jax.jit` accepts and rejects, case by case.

Each case carries what jax 0.10.2 said (recorded with the slow test below, which measures it
again on the installed jax): the fast tests compare the model with the record, without jax.
"""

from __future__ import annotations

import inspect

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

_INTERSECT = "static_argnames and donate_argnames cannot intersect"
# (function, options, what jax's ValueError says, or None when jit accepts the options)
CASES = [
    (two, {"static_argnums": -1, "donate_argnums": 1}, None),
    (two, {"static_argnums": 1, "donate_argnums": 1}, _INTERSECT),
    (two, {"static_argnums": 1, "donate_argnames": "b"}, _INTERSECT),
    (two, {"static_argnames": "b", "donate_argnums": 1}, _INTERSECT),
    (two, {"static_argnums": -1, "donate_argnames": "b"}, None),
    # Both options given: each is taken as written, so `b` is static by number only.
    (two, {"static_argnums": 1, "static_argnames": (), "donate_argnames": "b"}, None),
    (two, {"static_argnums": (0, 1), "static_argnames": "a", "donate_argnums": 1}, None),
    (two, {"static_argnums": 2}, "static_argnums=(2,), but only accepts 2 positional arguments"),
    (two, {"static_argnums": -3}, "static_argnums=(-3,), but only accepts 2 positional arguments"),
    (two, {"static_argnums": -2}, None),
    (two, {"donate_argnums": 5}, "donate_argnums=(5,), but only accepts 2 positional arguments"),
    (two, {"static_argnames": "zz"}, "invalid argnames {'zz'} in static_argnames"),
    (positional_only, {"static_argnames": "a"}, "invalid argnames {'a'} in static_argnames. These are positional-only"),
    (positional_only, {"static_argnums": 0, "donate_argnums": 0}, None),
    (star, {"static_argnums": 7, "donate_argnums": 7}, None),
    (star, {"static_argnames": "rest"}, "invalid argnames {'rest'} in static_argnames. These are positional-only"),
    (star, {"static_argnames": "k", "donate_argnames": "k"}, _INTERSECT),
    (keywords, {"static_argnames": "anything"}, None),
    (keywords, {"static_argnums": 1}, "static_argnums=(1,), but only accepts 1 positional arguments"),
]


def _predicted_error(function, options) -> str | None:
    """What jaxcheck.argnums says jax will reject: the option, or that the two intersect."""
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


def _case_id(case) -> str:
    function, options, _ = case
    return f"{function.__name__}-{'-'.join(f'{k}={v}' for k, v in options.items())}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_argnums_interpretation_matches_what_jax_said(case):
    function, options, recorded = case
    predicted = _predicted_error(function, options)
    if predicted is None:
        assert recorded is None
    else:
        assert recorded is not None and (predicted in recorded or predicted == "cannot intersect" and recorded == _INTERSECT)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_recorded_outcomes_hold_on_the_installed_jax(case):
    jax = pytest.importorskip("jax")
    function, options, recorded = case
    try:
        jax.jit(function, **options)
    except ValueError as error:
        assert recorded is not None and recorded in str(error)
    else:
        assert recorded is None


def f(x, n, verbose=False):
    return x


# `jax.jit(f, static_argnums=-1)` called with these positional arguments: the parameters whose
# values jax keeps as Python values (recorded on jax 0.10.2 with the slow test below). A
# negative number counts back from the arguments passed, not from the parameters.
NEGATIVE_CALLS = [
    ((-1,), (1.0, 3), {"n"}),
    ((-1,), (1.0, 3, False), {"verbose"}),
    ((-2,), (1.0, 3, False), {"n"}),
]


@pytest.mark.parametrize(("numbers", "passed", "static"), NEGATIVE_CALLS)
def test_negative_numbers_count_from_the_arguments_passed(numbers, passed, static):
    names = [p for p in inspect.signature(f).parameters]
    positions = argnums.static_positions(argnums.Selection(numbers, ()), len(passed))
    assert {names[i] for i in positions} == static


@pytest.mark.slow
@pytest.mark.parametrize(("numbers", "passed", "static"), NEGATIVE_CALLS)
def test_negative_numbers_on_the_installed_jax(numbers, passed, static):
    jax = pytest.importorskip("jax")
    seen: dict[str, bool] = {}

    def probe(x, n, verbose=False):
        seen.update(n=not isinstance(n, jax.core.Tracer), verbose=not isinstance(verbose, jax.core.Tracer))
        return x

    jax.jit(probe, static_argnums=numbers)(*passed)
    assert {name for name, concrete in seen.items() if concrete and name in ("n", "verbose")} - (
        set() if len(passed) == 3 else {"verbose"}  # an omitted default stays a Python value anyway
    ) == static


def test_negative_number_names_no_parameter():
    parameters = [argnums.Parameter("a", "positional"), argnums.Parameter("b", "positional")]
    selection = argnums.complete(parameters, (-1,), None)
    assert selection.argnames == ()  # jax names nothing for a negative number
