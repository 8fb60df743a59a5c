"""Test parameterizations read as calls: the test runner calls a parameterized test once per case
with that case's values, so each case is a call of the test function for the analysis.

`@parameterized.parameters((a, b), {"x": c})` (absl) passes each tuple positionally, each dict
by keyword and any other case as the one argument (a single list holds the cases);
`@parameterized.named_parameters(("name", a, b))` does the same after the case's name (or its
`testcase_name` key); `@pytest.mark.parametrize("x,y", [(a, b), pytest.param(c, d)])` passes
the named parameters by keyword. Cases built at runtime (`*cases`, a name bound to a list) are
not read, and then none of the decorator's cases is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from ... import names
from .scopes import FunctionInfo, Scope

QualifiedName = Callable[[cst.BaseExpression, Scope], "str | None"]


def parameterized_calls(function: FunctionInfo, scope: Scope, qualified_name: QualifiedName) -> list[cst.Call]:
    """One call of ``function`` per case of its parameterization decorators, with the case's
    values as arguments (``self`` left out, as when the method is called on its instance);
    decorators are evaluated in ``scope``."""
    calls: list[cst.Call] = []
    for decorator in getattr(function.node, "decorators", ()):
        expression = decorator.decorator
        if not isinstance(expression, cst.Call):
            continue
        style = names.TEST_PARAMETERIZATIONS.get(qualified_name(expression.func, scope) or "")
        cases = _cases(style, expression) if style is not None else None
        if cases is not None:
            callee = cst.Name(function.name)
            calls.extend(cst.Call(func=callee, args=arguments) for arguments in cases)
    return calls


def _cases(style: str, decorator: cst.Call) -> list[list[cst.Arg]] | None:
    if style == "pytest":
        return _pytest_cases(decorator)
    if any(arg.star or arg.keyword is not None for arg in decorator.args):
        return None
    given = [arg.value for arg in decorator.args]
    if len(given) == 1 and not isinstance(given[0], cst.Tuple | cst.Dict):
        # absl takes one argument that is neither a tuple nor a dict as the list of cases.
        if not isinstance(given[0], cst.List):
            return None
        given = [element.value for element in given[0].elements if not isinstance(element, cst.StarredElement)]
    cases = []
    for case in given:
        arguments = _absl_case(case, named=style == "named")
        if arguments is None:
            return None
        cases.append(arguments)
    return cases


def _absl_case(case: cst.BaseExpression, *, named: bool) -> list[cst.Arg] | None:
    if isinstance(case, cst.Dict):
        pairs = list(_string_keys(case))
        if len(pairs) != len(case.elements):
            return None
        return [_keyword(key, value) for key, value in pairs if not (named and key == "testcase_name")]
    if isinstance(case, cst.Tuple):
        values = [element.value for element in case.elements if not isinstance(element, cst.StarredElement)]
        if len(values) != len(case.elements):
            return None
        return [cst.Arg(value) for value in values[1 if named else 0:]]
    return None if named else [cst.Arg(case)]


def _pytest_cases(decorator: cst.Call) -> list[list[cst.Arg]] | None:
    positional = [arg.value for arg in decorator.args if arg.keyword is None and not arg.star]
    if len(positional) < 2 or not isinstance(positional[1], cst.List | cst.Tuple):
        return None
    parameters = _parameter_names(positional[0])
    if not parameters:
        return None
    cases = []
    for element in positional[1].elements:
        if isinstance(element, cst.StarredElement):
            return None
        values = _pytest_values(element.value, len(parameters))
        if values is None:
            return None
        cases.append([_keyword(name, value) for name, value in zip(parameters, values)])
    return cases


def _pytest_values(case: cst.BaseExpression, count: int) -> list[cst.BaseExpression] | None:
    if isinstance(case, cst.Call) and _called_name(case) == "param":  # `pytest.param(a, b, id=...)`
        values = [arg.value for arg in case.args if arg.keyword is None and not arg.star]
    elif count == 1:
        return [case]
    elif isinstance(case, cst.Tuple | cst.List):
        values = [element.value for element in case.elements if not isinstance(element, cst.StarredElement)]
    else:
        return None
    return values if len(values) == count else None


def _parameter_names(node: cst.BaseExpression) -> list[str]:
    if isinstance(node, cst.SimpleString):
        text = node.evaluated_value
        return [part.strip() for part in text.split(",") if part.strip()] if isinstance(text, str) else []
    if isinstance(node, cst.List | cst.Tuple):
        found = [e.value.evaluated_value for e in node.elements if isinstance(e.value, cst.SimpleString)]
        return [n for n in found if isinstance(n, str)] if len(found) == len(node.elements) else []
    return []


def _string_keys(node: cst.Dict) -> Iterator[tuple[str, cst.BaseExpression]]:
    for element in node.elements:
        if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
            key = element.key.evaluated_value
            if isinstance(key, str) and key.isidentifier():
                yield key, element.value


def _keyword(name: str, value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(value, keyword=cst.Name(name), equal=cst.AssignEqual())


def _called_name(call: cst.Call) -> str | None:
    func = call.func
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
