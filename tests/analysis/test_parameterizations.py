"""Test parameterizations read as calls: each case of `@parameterized.parameters`,
`@parameterized.named_parameters` and `@pytest.mark.parametrize` binds the test's parameters as
a call would, and a decorator whose cases are built at runtime binds nothing."""

from __future__ import annotations

import libcst as cst
import pytest

from jaxcheck.analysis.syntax.binding import bind_call
from jaxcheck.analysis.syntax.collect import Collector
from jaxcheck.analysis.syntax.parameterizations import parameterized_calls
from jaxcheck.analysis.syntax.scopes import Resolver


def cases(source: str) -> list[dict[str, str]]:
    """For the one test function of ``source``: per synthesized call, its bound parameters."""
    module = cst.parse_module(source)
    collector = Collector(module)
    (function,) = [f for f in collector.functions if f.name.startswith("test")]
    scope = function.parent or function
    offset = 1 if function.method_kind == "instance" else 0
    calls = parameterized_calls(function, scope, Resolver(collector.module_scope).qualified_name)
    return [
        {param.name: module.code_for_node(value) for param, value in bind_call(call, function, offset).pairs}
        for call in calls
    ]


def test_absl_parameters_bind_tuples_positionally_dicts_by_keyword_and_single_values() -> None:
    source = """
from absl.testing import parameterized

class T(parameterized.TestCase):
    @parameterized.parameters((1, spring), {"scale": 2, "pipeline": positional}, 3)
    def test_step(self, scale, pipeline=None):
        pass
"""
    assert cases(source) == [
        {"scale": "1", "pipeline": "spring"},
        {"scale": "2", "pipeline": "positional"},
        {"scale": "3"},
    ]


def test_named_parameters_drop_the_case_name() -> None:
    source = """
from absl.testing import parameterized

class T(parameterized.TestCase):
    @parameterized.named_parameters(("small", 8), {"testcase_name": "large", "size": 64})
    def test_size(self, size):
        pass
"""
    assert cases(source) == [{"size": "8"}, {"size": "64"}]


def test_pytest_parametrize_binds_by_name_with_pytest_param() -> None:
    source = """
import pytest

@pytest.mark.parametrize("env, steps", [(PointEnv(), 3), pytest.param(GridEnv(), 5, id="grid")])
def test_rollout(env, steps):
    pass
"""
    assert cases(source) == [
        {"env": "PointEnv()", "steps": "3"},
        {"env": "GridEnv()", "steps": "5"},
    ]


def test_absl_parameters_of_one_list_take_its_items_as_cases() -> None:
    source = """
from absl.testing import parameterized

class T(parameterized.TestCase):
    @parameterized.parameters([(1,), (2,)])
    def test_size(self, size):
        pass
"""
    assert cases(source) == [{"size": "1"}, {"size": "2"}]


@pytest.mark.parametrize(
    "decorator",
    [
        "@parameterized.parameters(*CASES)",
        "@parameterized.parameters(CASES)",
        '@pytest.mark.parametrize("size", SIZES)',
        "@parameterized.product(size=[1, 2])",
        "@parameterized.named_parameters(make_cases())",
    ],
)
def test_cases_built_at_runtime_bind_nothing(decorator: str) -> None:
    source = f"""
import pytest
from absl.testing import parameterized

class T(parameterized.TestCase):
    {decorator}
    def test_size(self, size):
        pass
"""
    assert cases(source) == []
