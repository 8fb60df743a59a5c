"""Type guards: what a test tells about a local name in the branch it guards.

Under a trace a traced value is a tracer, a ``jax.Array``: it has ``.shape``, ``.dtype`` and
``.ndim``, and it is never a Python number, a string, ``None``, a ``np.ndarray`` or a NumPy
scalar. Measured on jax 0.10 under ``jit``, ``grad`` and ``vmap``: ``hasattr(tracer, "shape")``
is True; ``isinstance`` with ``int``/``float``/``bool``/``complex``/``str``/``numbers.Number``/
``np.ndarray``/``np.generic``/``list``/``tuple``/``dict`` is False; ``type(tracer) is int`` is
False; ``np.isscalar(tracer)`` is False, but ``jnp.isscalar`` is True for a 0-d tracer, so it
guards nothing. ``isinstance(tracer, jax.core.Tracer)`` and ``isinstance(tracer, jax.Array)``
are True.

A branch a tracer can never take does not see the name traced: a certain array there is a
host value (``STATIC``), a raw traced parameter (``TREE``, maybe a container of arrays) is
``UNKNOWN``, or ``STATIC`` where the test also rules containers out (``x is None``,
``isinstance(x, int)``). The branch where ``x`` is a ``jax.Array`` sees a raw parameter as an
array. ``not``, ``and`` and ``or`` combine guards as Python evaluates them.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from .dataflow import Value, join

Env = dict[str, Value]  # a local name's value at one point of a function body (flow.py)
# The dotted name a class expression stands for (`np.ndarray` -> `numpy.ndarray`), or None.
Qualify = Callable[[cst.BaseExpression], "str | None"]

# Classes no tracer is an instance of, and that hold no traced leaves either.
_HOST_SCALARS = frozenset(
    {
        "int", "float", "bool", "complex", "str", "bytes", "numbers.Number", "numbers.Real",
        "numbers.Integral", "numbers.Complex", "numpy.ndarray", "numpy.generic", "numpy.number",
        "numpy.integer", "numpy.floating", "numpy.bool_",
    }
)
# Containers: never a tracer, but their items may be.
_CONTAINERS = frozenset({"list", "tuple", "dict", "set", "frozenset"})
# Classes every tracer is an instance of.
_TRACED = frozenset({"jax.Array", "jax.core.Tracer", "jax.numpy.ndarray"})
_ARRAY_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size"})


def _host(value: Value) -> Value:
    """The value in a branch where the name is a Python scalar, None or a NumPy value."""
    return Value.STATIC if value.traced else value


def _not_array(value: Value) -> Value:
    """The value in a branch where the name is no array but may be a container."""
    if value is Value.ARRAY:
        return Value.STATIC
    return Value.UNKNOWN if value is Value.TREE else value


def _array(value: Value) -> Value:
    """The value in a branch where the name is a ``jax.Array``."""
    return Value.ARRAY if value is Value.TREE else value


class Guards:
    """Narrows environments by the tests of ``if``, conditional expressions and ``and``/``or``."""

    def __init__(self, qualify: Qualify, local_names: set[str]) -> None:
        self.qualify = qualify
        self.local_names = local_names

    def narrow(self, test: cst.BaseExpression, env: Env) -> tuple[Env, Env]:
        """(the environment where ``test`` is true, the one where it is false)."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            taken, other = self.narrow(test.expression, env)
            return other, taken
        if isinstance(test, cst.BooleanOperation):
            left_true, left_false = self.narrow(test.left, env)
            if isinstance(test.operator, cst.And):
                right_true, right_false = self.narrow(test.right, left_true)
                return right_true, join_envs(left_false, right_false)
            right_true, right_false = self.narrow(test.right, left_false)
            return join_envs(left_true, right_true), right_false
        found = self._guard(test)
        if found is None:
            return env, env
        name, when_true, when_false = found
        value = env.get(name)
        if value is None or name not in self.local_names:
            return env, env
        return {**env, name: when_true(value)}, {**env, name: when_false(value)}

    def _guard(self, test: cst.BaseExpression) -> tuple[str, Callable[[Value], Value], Callable[[Value], Value]] | None:
        """(name, its value where the test holds, its value where it fails) for a known guard."""
        keep: Callable[[Value], Value] = lambda value: value  # noqa: E731
        if isinstance(test, cst.Call) and test.args and isinstance(test.args[0].value, cst.Name):
            name = test.args[0].value.value
            callee = self.qualify(test.func)
            if callee == "isinstance" and len(test.args) == 2:
                kind = self._class_kind(test.args[1].value)
                if kind == "host":
                    return name, _host, keep
                if kind == "container":
                    return name, _not_array, keep
                if kind == "traced":
                    return name, _array, _not_array
            elif callee == "hasattr" and len(test.args) == 2:
                attribute = test.args[1].value
                if isinstance(attribute, cst.SimpleString) and attribute.evaluated_value in _ARRAY_ATTRIBUTES:
                    return name, keep, _not_array
            elif callee == "numpy.isscalar" and len(test.args) == 1:
                return name, _host, keep
            return None
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            target = test.comparisons[0]
            operator = target.operator
            negated = isinstance(operator, (cst.IsNot, cst.NotEqual, cst.NotIn))
            if isinstance(test.left, cst.Name) and isinstance(operator, (cst.Is, cst.IsNot)):
                if isinstance(target.comparator, cst.Name) and target.comparator.value == "None":
                    name = test.left.value
                    return (name, keep, _host) if negated else (name, _host, keep)
                return None
            subject = _type_of(test.left)
            if subject is None or not isinstance(operator, (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual, cst.In, cst.NotIn)):
                return None
            kind = self._class_kind(target.comparator)
            if kind in ("host", "container"):
                narrowed = _host if kind == "host" else _not_array
                return (subject, keep, narrowed) if negated else (subject, narrowed, keep)
        return None

    def _class_kind(self, node: cst.BaseExpression) -> str | None:
        """'host', 'container' or 'traced' for a class or a tuple of classes all of one kind."""
        if isinstance(node, cst.Tuple):
            kinds = {self._class_kind(element.value) for element in node.elements}
            if kinds <= {"host", "container"} and kinds:
                return "container" if "container" in kinds else "host"
            return kinds.pop() if len(kinds) == 1 else None
        name = self.qualify(node)
        if name in _HOST_SCALARS:
            return "host"
        if name in _CONTAINERS:
            return "container"
        return "traced" if name in _TRACED else None


def _type_of(node: cst.BaseExpression) -> str | None:
    """``x`` for ``type(x)``."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "type":
        if len(node.args) == 1 and isinstance(node.args[0].value, cst.Name):
            return node.args[0].value.value
    return None


def join_envs(a: Env, b: Env) -> Env:
    """Each name's value where two paths meet (a name bound on one path only keeps its value)."""
    return {name: join(a.get(name, Value.BOTTOM), b.get(name, Value.BOTTOM)) for name in a.keys() | b.keys()}
