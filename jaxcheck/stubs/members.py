"""Stub members for what a jax class has at runtime but its source does not define.

``jax.Array``'s source declares a few properties; its methods (``sum``, ``reshape``) and
operators are attached when jax is imported, and the members of a concrete array (``__iter__``,
``__len__``, ``block_until_ready``) live on the implementation class. A stub of the class must
list them all, or a checker reports every ``x + 1`` and ``len(x)`` as an error. They are built
from the runtime functions' own signatures: the parameters' names and kinds, and the result when
it is a class the stub binds (``Array``); everything else is ``Any``, so no call that runs is
rejected.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from typing import Any

# The class whose instances jax hands out for a class the source declares (its members count).
CONCRETE_CLASSES = {"jax._src.basearray.Array": "jax._src.array.ArrayImpl"}
# Names an annotation may use in the stub, where the stub module imports them.
# Return annotations that say nothing about the value: `None` from an abstract placeholder.
_ALWAYS_AVAILABLE = frozenset({"None"})
# Operators jax defines without annotations: on an array, each returns an array.
_ARRAY_OPERATORS = frozenset(
    f"__{prefix}{name}__"
    for name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or",
                 "xor", "lshift", "rshift")
    for prefix in ("", "r")
) | {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__getitem__"}  # fmt: skip


ANY_IMPORT = "from typing import Any as _Any"


def runtime_members(qualified_class: str, defined: set[str], available: set[str]) -> list[ast.stmt]:
    """Stub statements for the members of ``qualified_class`` missing from ``defined``;
    annotations may use the names in ``available`` (bound in the stub module)."""
    module_name, _, class_name = qualified_class.rpartition(".")
    classes = [getattr(importlib.import_module(module_name), class_name, None)]
    concrete = CONCRETE_CLASSES.get(qualified_class)
    if concrete is not None:
        concrete_module, _, concrete_name = concrete.rpartition(".")
        classes.append(getattr(importlib.import_module(concrete_module), concrete_name, None))
    statements: list[ast.stmt] = []
    seen = set(defined)
    for cls in classes:
        if not isinstance(cls, type):
            continue
        for name, value in vars(cls).items():
            if name in seen or not _is_member_name(name):
                continue
            statement = _member(name, value, available)
            if statement is not None:
                seen.add(name)
                statements.append(statement)
    return statements


def _is_member_name(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    return (dunder and name not in _OBJECT_INTERNALS) or not name.startswith("_")


# Dunders every class has, or that describe the class rather than its instances.
_OBJECT_INTERNALS = frozenset(
    {"__doc__", "__module__", "__slots__", "__weakref__", "__dict__", "__init__", "__new__",
     "__init_subclass__", "__class_getitem__", "__qualname__", "__annotations__", "__hash__",
     "__reduce__", "__getstate__", "__setstate__", "__del__", "__repr__", "__str__"}
)  # fmt: skip


def _member(name: str, value: Any, available: set[str]) -> ast.stmt | None:
    if isinstance(value, property):
        returns = _annotation(_return_annotation(value.fget), available) if value.fget else "_Any"
        return _parse(f"@property\ndef {name}(self) -> {returns}: ...")
    if isinstance(value, (staticmethod, classmethod)):
        return None
    if not callable(value):
        return None
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return _parse(f"def {name}(self, *args: _Any, **kwargs: _Any) -> _Any: ...")
    annotation = _return_annotation(value)
    returns = "Array" if annotation is None and name in _ARRAY_OPERATORS else annotation
    parameters = ", ".join(_parameters(list(signature.parameters.values())[1:], signature, available))
    return _parse(
        f"def {name}(self{', ' if parameters else ''}{parameters}) -> {_annotation(returns, available)}: ..."
    )


def _parameters(
    rest: list[inspect.Parameter], signature: inspect.Signature, available: set[str]
) -> list[str]:
    """The parameters after the first (which becomes ``self``), with ``/`` and ``*`` markers."""
    kinds = inspect.Parameter
    first = next(iter(signature.parameters.values()))
    rendered = [_parameter(p, available) for p in rest if p.kind is kinds.POSITIONAL_ONLY]
    if first.kind is kinds.POSITIONAL_ONLY:
        rendered.append("/")
    star = any(p.kind is kinds.VAR_POSITIONAL for p in rest)
    for parameter in rest:
        if parameter.kind is kinds.POSITIONAL_ONLY:
            continue
        if parameter.kind is kinds.KEYWORD_ONLY and not star:
            rendered.append("*")
            star = True
        rendered.append(_parameter(parameter, available))
    return rendered


def _parameter(parameter: inspect.Parameter, available: set[str]) -> str:
    prefix = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}.get(
        parameter.kind, ""
    )
    text = f"{prefix}{parameter.name}: _Any"
    return text + (" = ..." if parameter.default is not inspect.Parameter.empty else "")


def _return_annotation(function: Any) -> str | None:
    try:
        return _declared(inspect.signature(function).return_annotation)
    except (TypeError, ValueError):
        return None


def _declared(annotation: Any) -> str | None:
    if annotation is inspect.Parameter.empty or annotation is inspect.Signature.empty:
        return None
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", None)


def _annotation(text: str | None, available: set[str]) -> str:
    """``text`` when it names one class bound in the stub (``Array``), else ``_Any``.

    Only a plain class is kept: a precise union (``item() -> bool | int | float | complex``)
    would turn code that runs into errors (``xs[x.item()]``), which jax's own types accept.
    """
    text = (text or "").strip()
    return text if text.isidentifier() and text in available and text not in _ALWAYS_AVAILABLE else "_Any"


def _parse(source: str) -> ast.stmt:
    return ast.parse(source).body[0]
