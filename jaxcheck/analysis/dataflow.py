"""Which values are traced: a small lattice and an evaluator over expressions.

``ARRAY``   certainly an abstract JAX array (a tracer) at trace time;
``TREE``    traced, but possibly a container of arrays (a raw parameter: a dict, a tuple, None);
``STATIC``  a concrete Python value at trace time (literals, shapes, module constants);
``UNKNOWN`` anything we cannot tell. Precision first: rules fire on ARRAY (or on TREE where an
            array and every container fail alike), never on UNKNOWN.

Facts encoded here were measured on jax 0.10.2 (see tests/jax_facts): every ``jax.numpy`` result
inside jit is a tracer even for constant inputs; ``.shape``/``.ndim``/``.dtype``/``len()`` are
static; comparisons of traced values are traced booleans.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import libcst as cst

from .. import names
from .scopes import Resolver, Scope


class Value(enum.Enum):
    BOTTOM = "bottom"  # not assigned yet (fixpoint bookkeeping only)
    UNKNOWN = "unknown"
    STATIC = "static"
    TREE = "tree"
    ARRAY = "array"

    @property
    def traced(self) -> bool:
        return self in (Value.ARRAY, Value.TREE)


def join(a: Value, b: Value) -> Value:
    if a is b or b is Value.BOTTOM:
        return a
    if a is Value.BOTTOM:
        return b
    if {a, b} == {Value.ARRAY, Value.TREE}:
        return Value.TREE
    return Value.UNKNOWN


_TREE_RESULT_PREFIXES = ("jax.tree_util", "jax.tree")
_STATIC_BUILTINS = frozenset(
    {
        "len", "isinstance", "issubclass", "hasattr", "callable", "type", "id", "repr", "str",
        "range", "int", "float", "bool", "complex", "getattr", "object",
    }
)
_CONTAINER_BUILTINS = frozenset({"tuple", "list", "reversed"})
_ARRAY_BUILTINS = frozenset({"abs", "sum", "pow", "round", "divmod"})

Env = Callable[[str, Scope], Value]
# What calling a function of the checked code returns (None: not such a call).
CallResult = Callable[[cst.Call, Scope, list[Value]], "Value | None"]


def _no_call_result(call: cst.Call, scope: Scope, args: list[Value]) -> Value | None:
    return None


class Evaluator:
    """Evaluates expressions of one scope against an environment of traced names."""

    def __init__(
        self, resolver: Resolver, lookup: Env, call_result: CallResult = _no_call_result,
        node_values: dict[cst.Name, Value] | None = None,
        field_value: Callable[[cst.Attribute, Scope], "Value | None"] | None = None,
        pytree_field: Callable[[cst.Attribute, Scope], "Value | None"] | None = None,
    ) -> None:
        self.resolver = resolver
        self.lookup = lookup
        self.call_result = call_result
        # What a read of a local name holds at that point of the body (see flow.py).
        self.node_values: dict[cst.Name, Value] = node_values if node_values is not None else {}
        self.field_value = field_value  # what `self.x` holds in a method (see objects.py)
        self.pytree_field = pytree_field  # a field of a traced pytree instance (see objects.py)

    def value(self, node: cst.BaseExpression, scope: Scope) -> Value:
        method = _DISPATCH.get(type(node))
        return method(self, node, scope) if method else Value.UNKNOWN

    # -- leaves --------------------------------------------------------------------------

    def _name(self, node: cst.Name, scope: Scope) -> Value:
        if node.value in ("None", "True", "False"):
            return Value.STATIC
        at_this_point = self.node_values.get(node)
        return at_this_point if at_this_point is not None else self.lookup(node.value, scope)

    def _literal(self, node: cst.CSTNode, scope: Scope) -> Value:
        return Value.STATIC

    def _container(self, node: cst.Tuple | cst.List | cst.Set, scope: Scope) -> Value:
        values = [self.value(e.value, scope) for e in node.elements]
        if all(v is Value.STATIC for v in values):
            return Value.STATIC
        return Value.TREE if any(v.traced for v in values) else Value.UNKNOWN

    def _comprehension(self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp, scope: Scope) -> Value:
        """A list of traced values is a traced pytree; of Python values, a Python value."""
        element = self.value(node.elt, scope)
        if element.traced:
            return Value.TREE
        return Value.STATIC if element is Value.STATIC else Value.UNKNOWN

    def _dict(self, node: cst.Dict, scope: Scope) -> Value:
        values = [self.value(e.value, scope) for e in node.elements if isinstance(e, cst.DictElement)]
        if any(v.traced for v in values):
            return Value.TREE
        return Value.STATIC if all(v is Value.STATIC for v in values) else Value.UNKNOWN

    # -- compound ------------------------------------------------------------------------

    def _attribute(self, node: cst.Attribute, scope: Scope) -> Value:
        field = self.field_value(node, scope) if self.field_value is not None else None
        if field is not None:
            return field
        base = self.value(node.value, scope)
        attr = node.attr.value
        if base.traced:
            if attr == names.INDEX_UPDATE_ATTRIBUTE:
                return Value.UNKNOWN  # `x.at`: a helper whose methods return arrays (see _call)
            if attr in names.STATIC_ARRAY_ATTRIBUTES:
                return Value.STATIC
            if attr in names.ARRAY_ATTRIBUTES:
                return Value.ARRAY
            field = self.pytree_field(node, scope) if self.pytree_field is not None else None
            return field if field is not None else Value.UNKNOWN
        if base is Value.STATIC and self.resolver.qualified_name(node, scope) is not None:
            return Value.STATIC  # a module attribute such as `jnp.float32` or `math.pi`
        return Value.UNKNOWN if base is not Value.STATIC else Value.STATIC

    def _subscript(self, node: cst.Subscript, scope: Scope) -> Value:
        base = self.value(node.value, scope)
        if base is Value.ARRAY:
            return Value.ARRAY
        if base is Value.TREE:
            return Value.TREE
        if base is Value.STATIC:
            indices = [
                self.value(element.slice.value, scope)
                for element in node.slice
                if isinstance(element.slice, cst.Index)
            ]
            return Value.STATIC if all(v is Value.STATIC for v in indices) else Value.UNKNOWN
        return base

    def _binary(self, node: cst.BinaryOperation, scope: Scope) -> Value:
        return _arithmetic(self.value(node.left, scope), self.value(node.right, scope))

    def _unary(self, node: cst.UnaryOperation, scope: Scope) -> Value:
        operand = self.value(node.expression, scope)
        if isinstance(node.operator, cst.Not):
            return Value.STATIC if operand is Value.STATIC else Value.UNKNOWN
        return Value.ARRAY if operand.traced else operand

    def _comparison(self, node: cst.Comparison, scope: Scope) -> Value:
        """Ordering a traced value gives a traced bool (or fails for containers alike); `==`
        is traced only with an array operand, since `None == None` is a plain bool."""
        values = [self.value(node.left, scope)]
        equality_only = True
        for target in node.comparisons:
            if isinstance(target.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)):
                return Value.STATIC if isinstance(target.operator, (cst.Is, cst.IsNot)) else Value.UNKNOWN
            equality_only = equality_only and isinstance(target.operator, (cst.Equal, cst.NotEqual))
            values.append(self.value(target.comparator, scope))
        if Value.ARRAY in values or (not equality_only and any(v.traced for v in values)):
            return Value.ARRAY
        if all(v is Value.STATIC for v in values):
            return Value.STATIC
        return Value.UNKNOWN

    def _boolean(self, node: cst.BooleanOperation, scope: Scope) -> Value:
        return join(self.value(node.left, scope), self.value(node.right, scope))

    def _if_exp(self, node: cst.IfExp, scope: Scope) -> Value:
        return join(self.value(node.body, scope), self.value(node.orelse, scope))

    def _named(self, node: cst.NamedExpr, scope: Scope) -> Value:
        return self.value(node.value, scope)

    def _call(self, node: cst.Call, scope: Scope) -> Value:
        func = node.func
        qualified = self.resolver.qualified_name(func, scope)
        args = [self.value(arg.value, scope) for arg in node.args]
        result = self.call_result(node, scope, args)
        if result is not None:
            return result
        if qualified is not None:
            if qualified in _STATIC_BUILTINS or names.canonical(qualified) in names.STATIC_RESULT_FUNCTIONS:
                return Value.STATIC
            if qualified in _CONTAINER_BUILTINS:
                return args[0] if args and args[0] is not Value.ARRAY else Value.UNKNOWN
            if names.canonical(qualified) in names.MODEL_SAMPLE_SITES and not any(
                a.keyword is not None and a.keyword.value == "obs" for a in node.args
            ):
                return Value.ARRAY  # a sample site of a model: a tracer under inference
            if qualified in _ARRAY_BUILTINS:
                return Value.ARRAY if any(v.traced for v in args) else Value.UNKNOWN
            if qualified.startswith(_TREE_RESULT_PREFIXES):
                return Value.TREE if any(v.traced for v in args) else Value.UNKNOWN
            if names.canonical(qualified) in names.CONTROL_FLOW:
                return Value.TREE  # scan/cond/fori_loop return whatever pytree the body returns
            if names.canonical(qualified) in names.CONCRETE_FOR_CONCRETE_OPERANDS and args[:1] == [Value.STATIC]:
                return Value.STATIC  # `lax.psum(1, axis)` is the axis size, a Python int
            if names.is_array_function(qualified):
                # Under tracing every jax.numpy/lax result is staged out, constants included.
                return Value.ARRAY
            return Value.UNKNOWN
        if isinstance(func, cst.Attribute):
            updated = _index_update_base(func.value)
            if updated is not None:  # `x.at[i].set(v)`: the updated array
                return Value.ARRAY if self.value(updated, scope).traced else Value.UNKNOWN
            receiver = self.value(func.value, scope)
            method = func.attr.value
            if receiver.traced:
                if method in names.CONCRETIZING_METHODS:
                    return Value.STATIC
                if receiver is Value.ARRAY or method in names.ARRAY_METHODS:
                    return Value.ARRAY
        return Value.UNKNOWN


def _index_update_base(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``x`` for ``x.at[i]``; None for anything else."""
    if (
        isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute)
        and node.value.attr.value == names.INDEX_UPDATE_ATTRIBUTE
    ):
        return node.value.value
    return None


def _arithmetic(left: Value, right: Value) -> Value:
    if Value.ARRAY in (left, right):
        return Value.ARRAY
    if left is Value.TREE and right in (Value.STATIC, Value.TREE) or right is Value.TREE and left is Value.STATIC:
        return Value.ARRAY
    if left is Value.STATIC and right is Value.STATIC:
        return Value.STATIC
    if Value.BOTTOM in (left, right):
        return Value.BOTTOM
    return Value.UNKNOWN


def augmented_value(evaluator: Evaluator, node: cst.AugAssign, scope: Scope) -> Value:
    """The value a name holds after ``name op= value``."""
    return _arithmetic(evaluator.value(node.target, scope), evaluator.value(node.value, scope))


_DISPATCH: dict[type, Callable[..., Value]] = {
    cst.Name: Evaluator._name,
    cst.Integer: Evaluator._literal,
    cst.Float: Evaluator._literal,
    cst.Imaginary: Evaluator._literal,
    cst.SimpleString: Evaluator._literal,
    cst.ConcatenatedString: Evaluator._literal,
    cst.FormattedString: Evaluator._literal,
    cst.Ellipsis: Evaluator._literal,
    cst.Tuple: Evaluator._container,
    cst.List: Evaluator._container,
    cst.Set: Evaluator._container,
    cst.Dict: Evaluator._dict,
    cst.ListComp: Evaluator._comprehension,
    cst.SetComp: Evaluator._comprehension,
    cst.GeneratorExp: Evaluator._comprehension,
    cst.Attribute: Evaluator._attribute,
    cst.Subscript: Evaluator._subscript,
    cst.BinaryOperation: Evaluator._binary,
    cst.UnaryOperation: Evaluator._unary,
    cst.Comparison: Evaluator._comparison,
    cst.BooleanOperation: Evaluator._boolean,
    cst.IfExp: Evaluator._if_exp,
    cst.NamedExpr: Evaluator._named,
    cst.Call: Evaluator._call,
}
