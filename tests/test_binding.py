"""The one argument binder agrees with `inspect.Signature.bind` on generated signatures and calls."""

from __future__ import annotations

import inspect
import itertools

import pytest

from jaxcheck.names.binding import Parameter, bind

_KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: "positional_only",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
    inspect.Parameter.VAR_POSITIONAL: "var_positional",
    inspect.Parameter.KEYWORD_ONLY: "keyword",
    inspect.Parameter.VAR_KEYWORD: "var_keyword",
}

SIGNATURES = [
    "def f(a, b): pass",
    "def f(a, b=2): pass",
    "def f(a, /, b, *, c): pass",
    "def f(a, /, b=2, *args, c, d=4, **kwargs): pass",
    "def f(*args): pass",
    "def f(**kwargs): pass",
    "def f(a, *, b=1): pass",
    "def f(a=1, /, b=2): pass",
]
POSITIONAL = [(), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4)]
KEYWORDS = [{}, {"a": 10}, {"b": 20}, {"c": 30}, {"b": 20, "c": 30}, {"x": 9}, {"a": 10, "d": 40}]


def _signature(text: str) -> inspect.Signature:
    namespace: dict = {}
    exec(text, namespace)  # noqa: S102 - a fixed test signature
    return inspect.signature(namespace["f"])


def _described(signature: inspect.Signature) -> list[Parameter]:
    return [
        Parameter(name, _KINDS[p.kind], p.default is not inspect.Parameter.empty)  # type: ignore[arg-type]
        for name, p in signature.parameters.items()
    ]


@pytest.mark.parametrize(
    ("text", "positional", "keywords"), list(itertools.product(SIGNATURES, POSITIONAL, KEYWORDS))
)
def test_binder_agrees_with_inspect(text, positional, keywords):
    signature = _signature(text)
    ours = bind(_described(signature), positional, keywords)
    try:
        theirs = signature.bind(*positional, **keywords)
    except TypeError:
        assert ours.error is not None
        return
    assert ours.error is None
    theirs.apply_defaults()
    for name, param in signature.parameters.items():
        expected = theirs.arguments[name]
        if name in ours.defaults:
            assert expected == param.default
        else:
            assert ours.arguments[name] == expected


def test_a_spread_of_unknown_length_leaves_what_it_may_fill_unbound():
    params = [Parameter("a", "positional"), Parameter("b", "positional"), Parameter("c", "keyword", True)]
    bound = bind(params, (1,), {}, spread_positional=True)
    assert bound.error is None and not bound.complete
    assert bound.arguments == {"a": 1} and bound.defaults == ["c"]


def test_keywords_spread_leaves_keyword_parameters_unknown():
    params = [Parameter("a", "positional"), Parameter("k", "keyword", True)]
    bound = bind(params, (1,), {}, spread_keywords=True)
    assert bound.arguments == {"a": 1} and "k" not in bound.defaults and not bound.complete


METHODS = '''
class Solver:
    def step(self, state, size=1): pass
    @classmethod
    def make(cls, state, size=1): pass
    @staticmethod
    def norm(state, size=1): pass
'''


@pytest.mark.parametrize("call", ["solver.step(1, 2)", "solver.make(1, size=2)", "Solver.make(1, 2)", "solver.norm(1, 2)"])
def test_a_method_called_through_an_attribute_binds_as_python_binds_it(call):
    import libcst as cst

    from jaxcheck.analysis.syntax.binding import bind_call, receiver_offset
    from jaxcheck.analysis.syntax.collect import Collector

    module = cst.parse_module(METHODS)
    functions = {function.name: function for function in Collector(module).functions}
    expression = cst.parse_expression(call)
    function = functions[expression.func.attr.value]
    bound = bind_call(expression, function, receiver_offset(expression, function))
    found = {name: int(cst.Module([]).code_for_node(value)) for name, value in bound.by_name.items()}
    namespace: dict = {}
    exec(METHODS, namespace)
    solver = namespace["Solver"]()
    target = eval(call.split("(")[0], {"solver": solver, "Solver": namespace["Solver"]})
    positional, keywords = eval(f"(lambda *a, **k: (a, k))({call.split('(', 1)[1]}")
    assert found == dict(inspect.signature(target).bind(*positional, **keywords).arguments)
