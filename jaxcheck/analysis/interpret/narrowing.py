"""What a test tells about a local name in the branch it guards.

Under a trace a traced value is a tracer, a ``jax.Array``: it has ``.shape``, ``.dtype`` and
``.ndim``, and it is never a Python number, a string, ``None``, a ``np.ndarray`` or a NumPy
scalar. Measured on jax 0.10 under ``jit``, ``grad`` and ``vmap``: ``hasattr(tracer, "shape")``
is True; ``isinstance`` with ``int``/``float``/``bool``/``complex``/``str``/``numbers.Number``/
``np.ndarray``/``np.generic``/``list``/``tuple``/``dict`` is False; ``type(tracer) is int`` is
False; ``np.isscalar(tracer)`` is False, but ``jnp.isscalar`` is True for a 0-d tracer, so it
guards nothing. ``isinstance(tracer, jax.core.Tracer)`` and ``isinstance(tracer, jax.Array)``
are True.

A test whose value is known (`isinstance(x, int)` of a tracer is False) decides its branch by
itself (see :func:`.values.truth`); this module narrows the names a test is about where their
value is not that precise: a traced argument of unknown structure (``TRACED_TREE``) is ``None``
in the branch of `x is None` and a plain host value where `isinstance(x, int)` holds; it is an
array where `isinstance(x, jax.Array)` holds. ``not``, ``and`` and ``or`` combine tests as Python
evaluates them.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable

import libcst as cst

from ..values import BOTTOM, NONE, STATIC, TRACED_TREE, TRACER, UNKNOWN, AbstractValue, Tracer, join

Env = dict[str, AbstractValue]
# The dotted name a class expression stands for (`np.ndarray` -> `numpy.ndarray`), or None.
Qualify = Callable[[cst.BaseExpression], "str | None"]

# Classes no tracer is an instance of, and that hold no traced leaves either.
HOST_SCALARS = frozenset(
    {
        "int", "float", "bool", "complex", "str", "bytes", "numbers.Number", "numbers.Real",
        "numbers.Integral", "numbers.Complex", "numpy.ndarray", "numpy.generic", "numpy.number",
        "numpy.integer", "numpy.floating", "numpy.bool_",
    }
)
# Containers: never a tracer, but their items may be.
CONTAINERS = frozenset({"list", "tuple", "dict", "set", "frozenset"})
# Classes every tracer is an instance of.
TRACED_CLASSES = frozenset({"jax.Array", "jax.core.Tracer", "jax.numpy.ndarray"})
# The class of tracers alone (a concrete array is no instance of it).
TRACER_CLASS = "jax.core.Tracer"
ARRAY_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size"})


def class_kind(node: cst.BaseExpression, qualify: Qualify) -> str | None:
    """'host', 'container' or 'traced' for a class or a tuple of classes all of one kind."""
    if isinstance(node, cst.Tuple):
        kinds = {class_kind(element.value, qualify) for element in node.elements}
        if kinds <= {"host", "container"} and kinds:
            return "container" if "container" in kinds else "host"
        return kinds.pop() if len(kinds) == 1 else None
    name = qualify(node)
    if name in HOST_SCALARS:
        return "host"
    if name in CONTAINERS:
        return "container"
    return "traced" if name in TRACED_CLASSES else None


def _host(value: AbstractValue) -> AbstractValue:
    """The value in a branch where the name is a Python scalar, None or a NumPy value."""
    if type(value) is Tracer:
        return BOTTOM if value.abstract else STATIC  # type: ignore[attr-defined]
    return STATIC if value.kind.traced else value


def _not_array(value: AbstractValue) -> AbstractValue:
    """The value in a branch where the name is no array but may be a container."""
    if type(value) is Tracer:
        return BOTTOM if value.abstract else STATIC  # type: ignore[attr-defined]
    return UNKNOWN if value is TRACED_TREE else value


def _not_a_tracer(value: AbstractValue) -> AbstractValue:
    """The value in a branch where the name is not a `jax.core.Tracer`: a test that asks
    whether the code is being traced (`if isinstance(x, jax.core.Tracer): return x`, then a
    check of the concrete value). A traced argument of unknown structure is taken to be an
    array there, so the branch does not run under a trace (a pytree of tracers would fail it
    too, but code that asks this question passes arrays)."""
    if value is TRACED_TREE:
        return BOTTOM
    return _not_array(value)


def _array(value: AbstractValue) -> AbstractValue:
    """The value in a branch where the name is a ``jax.Array``."""
    return TRACER if value is TRACED_TREE else value


def _is_none(value: AbstractValue) -> AbstractValue:
    if value is TRACED_TREE or value is UNKNOWN or value is STATIC:
        return NONE
    return value  # a value that is or cannot be None: the test itself decides the branch


def _not_none(value: AbstractValue) -> AbstractValue:
    return BOTTOM if value == NONE else value


def _keep(value: AbstractValue) -> AbstractValue:
    return value


Narrower = Callable[[AbstractValue], AbstractValue]


class Narrowing:
    """Narrows environments by the tests of ``if``, conditional expressions and ``and``/``or``."""

    def __init__(self, qualify: Qualify) -> None:
        self.qualify = qualify
        self._may_guard: dict[cst.BaseExpression, bool] = {}

    def narrow(
        self, test: cst.BaseExpression, env: Env, local_names: frozenset[str] | set[str], _links: int = 0
    ) -> tuple[Env | None, Env | None]:
        """(the environment where ``test`` is true, the one where it is false); None for a
        branch no value of the names it tests can take. Only the last :data:`MAX_NARROWED_LINKS`
        links of a chain narrow (each link of a chain is narrowed by all the links before it)."""
        if not self.may_guard(test) or _links > MAX_NARROWED_LINKS:
            return env, env
        kind = type(test)
        if kind is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
            taken, other = self.narrow(test.expression, env, local_names, _links)  # type: ignore[attr-defined]
            return other, taken
        if kind is cst.BooleanOperation:
            left_true, left_false = self.narrow(test.left, env, local_names, _links + 1)  # type: ignore[attr-defined]
            if type(test.operator) is cst.And:  # type: ignore[attr-defined]
                if left_true is None:
                    return None, left_false
                right_true, right_false = self.narrow(test.right, left_true, local_names)  # type: ignore[attr-defined]
                return right_true, join_optional(left_false, right_false)
            if left_false is None:
                return left_true, None
            right_true, right_false = self.narrow(test.right, left_false, local_names)  # type: ignore[attr-defined]
            return join_optional(left_true, right_true), right_false
        found = self._guard(test)
        if found is None:
            return env, env
        name, when_true, when_false = found
        value = env.get(name)
        if value is None or name not in local_names:
            return env, env
        narrowed_true, narrowed_false = when_true(value), when_false(value)
        return (
            None if narrowed_true is BOTTOM else {**env, name: narrowed_true},
            None if narrowed_false is BOTTOM else {**env, name: narrowed_false},
        )

    def may_guard(self, test: cst.BaseExpression) -> bool:
        """Whether ``test`` holds a test :meth:`_guard` may know, by its shape alone. Remembered
        per node: each link of an `a and b and ...` chain narrows by all the links before it,
        which took time in the square of the chain's length (3,000 links: 17 s; of tests that may
        narrow, such as `isinstance(a, int)`, 82 s, until only the last links narrowed)."""
        known = self._may_guard.get(test)
        if known is None:
            kind = type(test)
            if kind is cst.BooleanOperation:
                known = self.may_guard(test.left) or self.may_guard(test.right)  # type: ignore[attr-defined]
            elif kind is cst.UnaryOperation:
                known = type(test.operator) is cst.Not and self.may_guard(test.expression)  # type: ignore[attr-defined]
            elif kind is cst.Call:
                known = bool(test.args) and type(test.args[0].value) is cst.Name  # type: ignore[attr-defined]
            elif kind is cst.Comparison:
                known = len(test.comparisons) == 1 and type(test.comparisons[0].operator) in _GUARD_OPERATORS  # type: ignore[attr-defined]
            else:
                known = False
            self._may_guard[test] = known
        return known

    def _guard(self, test: cst.BaseExpression) -> tuple[str, Narrower, Narrower] | None:
        """(name, its value where the test holds, its value where it fails) for a known guard."""
        kind = type(test)
        if kind is cst.Call and test.args and type(test.args[0].value) is cst.Name:  # type: ignore[attr-defined]
            name = test.args[0].value.value  # type: ignore[attr-defined]
            callee = self.qualify(test.func)  # type: ignore[attr-defined]
            if callee == "isinstance" and len(test.args) == 2:  # type: ignore[attr-defined]
                kind_of = class_kind(test.args[1].value, self.qualify)  # type: ignore[attr-defined]
                if kind_of == "host":
                    return name, _host, _keep
                if kind_of == "container":
                    return name, _not_array, _keep
                if kind_of == "traced":
                    if self.qualify(test.args[1].value) == TRACER_CLASS:  # type: ignore[attr-defined]
                        return name, _array, _not_a_tracer
                    return name, _array, _not_array
            elif callee == "hasattr" and len(test.args) == 2:  # type: ignore[attr-defined]
                attribute = test.args[1].value  # type: ignore[attr-defined]
                if isinstance(attribute, cst.SimpleString) and attribute.evaluated_value in ARRAY_ATTRIBUTES:
                    return name, _keep, _not_array
            elif callee == "numpy.isscalar" and len(test.args) == 1:  # type: ignore[attr-defined]
                return name, _host, _keep
            return None
        if kind is cst.Comparison and len(test.comparisons) == 1:  # type: ignore[attr-defined]
            target = test.comparisons[0]  # type: ignore[attr-defined]
            operator = type(target.operator)
            negated = operator in (cst.IsNot, cst.NotEqual, cst.NotIn)
            left = test.left  # type: ignore[attr-defined]
            if type(left) is cst.Name and operator in (cst.Is, cst.IsNot):
                comparator = target.comparator
                if type(comparator) is cst.Name and comparator.value == "None":
                    return (left.value, _not_none, _is_none) if negated else (left.value, _is_none, _not_none)
                return None
            subject = _type_of(left)
            if subject is None or operator not in (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual, cst.In, cst.NotIn):
                return None
            kind_of = class_kind(target.comparator, self.qualify)
            if kind_of in ("host", "container"):
                narrowed = _host if kind_of == "host" else _not_array
                return (subject, _keep, narrowed) if negated else (subject, narrowed, _keep)
        return None


_GUARD_OPERATORS = (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual, cst.In, cst.NotIn)
# Links of an `and`/`or` chain, counted back from the test narrowed, that narrow it: far more than
# code writes, and a bound on the work of a long chain.
MAX_NARROWED_LINKS = 64


def _type_of(node: cst.BaseExpression) -> str | None:
    """``x`` for ``type(x)``."""
    if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value == "type":  # type: ignore[attr-defined]
        if len(node.args) == 1 and type(node.args[0].value) is cst.Name:  # type: ignore[attr-defined]
            return node.args[0].value.value  # type: ignore[attr-defined]
    return None


def join_envs(a: Env, b: Env) -> Env:
    """Each name's value where two paths meet (a name bound on one path only keeps its value)."""
    if a is b:
        return a
    result = dict(a)
    # Most names hold the same value on both paths: the names whose value differs are found
    # without a Python step per name (a module's loops each join an env of all its names).
    differs = map(operator.is_not, map(a.get, b), b.values())
    for name in itertools.compress(b, differs):
        old = result.get(name)
        value = b[name]
        result[name] = value if old is None else join(old, value)
    return result


def join_optional(a: Env | None, b: Env | None) -> Env | None:
    """Where two paths meet, either of which may not run (None)."""
    if a is None:
        return b
    if b is None:
        return a
    return join_envs(a, b)
