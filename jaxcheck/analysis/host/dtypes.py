"""Abstract dtypes of host-side values: what jit's cache key sees of an argument.

jit keys its cache on each argument's shape, dtype and weak type. On the caller's side this
module tells, for an expression, the dtype JAX will give it (64-bit NumPy types narrowed to
32 bits, as with x64 disabled) and whether it is weakly typed (a Python scalar, `jnp.array` of
one). Measured on jax 0.10.2: `1` and `1.0` are weak int32 and weak float32; `np.float32(1.0)`,
`np.ones(3)`, `jnp.ones(3)` and `jnp.arange(3)` are strong; a uint8 NumPy array divided by
`255.0` is a float64 NumPy array, float32 to jit; a jitted function's output is strong as soon
as one strong operand reaches it.

A name gives the kinds of all its bindings in its function (a loop-carried `total = 0` then
`total = step(total, x)` has two), a parameter the kind that every call of its function passes.
Unknown stays unknown: the evaluator answers None, and no finding follows from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.binding import bind_call
from ..syntax.scopes import FunctionInfo, Scope
from ..values import Kind, dtype_category, promote

if TYPE_CHECKING:
    from ..facts import ModuleFacts

_MAX_DEPTH = 8
_NARROW = {"float64": "float32", "int64": "int32", "uint64": "uint32", "complex128": "complex64"}
_DTYPE_NAMES = (
    "float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
    "uint8", "uint16", "uint32", "uint64", "complex64", "complex128", "bool_",
)
_SCALAR_TYPES = {f"{m}.{d}": _NARROW.get(d, d) for m in ("numpy", "jax.numpy") for d in _DTYPE_NAMES}
_SCALAR_TYPES.update({"float": "float32", "int": "int32", "bool": "bool"})
# Constructors whose default dtype is float (NumPy: float64, narrowed), unless `dtype=` says.
_FLOAT_DEFAULT = frozenset(
    f"{m}.{f}" for m in ("numpy", "jax.numpy") for f in ("ones", "zeros", "empty", "linspace", "eye", "identity")
) | frozenset({"numpy.random.rand", "numpy.random.randn", "numpy.random.normal", "numpy.random.uniform"})
_FILL = frozenset({"numpy.full", "jax.numpy.full"})
_FROM_DATA = frozenset({"numpy.array", "numpy.asarray", "jax.numpy.array", "jax.numpy.asarray"})
_ARANGE = frozenset({"numpy.arange", "jax.numpy.arange"})
# Array methods and jax.numpy functions whose result keeps the dtype of their first operand.
_KEEPS_DTYPE = frozenset({"sum", "max", "min", "reshape", "ravel", "flatten", "squeeze", "transpose", "copy", "clip"})


class DtypeEvaluator:
    """Kinds of host-side expressions of one module (see the module docstring)."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self._resolving: set[tuple[str, int]] = set()  # names being resolved (loop-carried)

    def kinds(self, node: cst.BaseExpression, scope: Scope, _depth: int = 0) -> frozenset[Kind]:
        """The kinds ``node`` may have (empty: unknown)."""
        if _depth > _MAX_DEPTH:
            return frozenset()
        if isinstance(node, cst.Name):
            return self._name(node, scope, _depth)
        kind = self.kind(node, scope, _depth)
        return frozenset({kind}) if kind is not None else frozenset()

    def kind(self, node: cst.BaseExpression, scope: Scope, _depth: int = 0) -> Kind | None:
        """The one kind of ``node``, or None when unknown or not one."""
        if _depth > _MAX_DEPTH:
            return None
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
            return self.kind(node.expression, scope, _depth + 1)
        if isinstance(node, cst.Integer):
            return Kind("int32", True)
        if isinstance(node, cst.Float):
            return Kind("float32", True)
        if isinstance(node, cst.Name):
            found = self._name(node, scope, _depth)
            return next(iter(found)) if len(found) == 1 else None
        if isinstance(node, cst.BinaryOperation):
            left = self.kind(node.left, scope, _depth + 1)
            right = self.kind(node.right, scope, _depth + 1)
            if left is None or right is None:
                # A result is weakly typed only if every operand is: one strong operand decides.
                known = left or right
                return Kind("?", False) if known is not None and not known.weak else None
            return promote(left, right, divide=isinstance(node.operator, cst.Divide))
        if isinstance(node, cst.Call):
            return self._call(node, scope, _depth)
        return None

    def _name(self, node: cst.Name, scope: Scope, depth: int) -> frozenset[Kind]:
        return frozenset(self.origins(node, scope, depth))

    def origins(self, node: cst.Name, scope: Scope, depth: int = 0) -> dict[Kind, cst.CSTNode]:
        """Each kind a name may hold, with the expression that binds it (empty: unknown)."""
        found = self.facts.resolver.lookup(node.value, scope)
        if not found or not found[1] or depth > _MAX_DEPTH:
            return {}
        key = (node.value, id(found[0]))
        if key in self._resolving:
            return {}  # `total = step(total, x)`: the earlier bindings answer for it
        self._resolving.add(key)
        try:
            return self._binding_origins(node, found, depth)
        finally:
            self._resolving.discard(key)

    def _binding_origins(self, node: cst.Name, found, depth: int) -> dict[Kind, cst.CSTNode]:
        binding_scope, bindings = found
        origins: dict[Kind, cst.CSTNode] = {}
        for binding in bindings:
            if binding.kind == "param" and isinstance(binding_scope, FunctionInfo):
                kinds = {self._passed(binding_scope, node.value, depth)}
                origin: cst.CSTNode = binding.node or node
            elif binding.kind == "assign" and isinstance(binding.node, cst.BaseExpression):
                kinds = {self.kind(binding.node, binding_scope, depth + 1)}
                origin = binding.node
            elif binding.kind == "assign" and binding.node is None and isinstance(binding_scope, FunctionInfo):
                kinds = set(self._loop_elements(binding_scope, node.value, depth)) or {None}
                origin = node
            else:
                kinds = {None}
                origin = node
            if None in kinds:
                return {}
            for kind in kinds:
                origins.setdefault(kind, origin)  # type: ignore[arg-type]
        return origins

    def _loop_elements(self, function: FunctionInfo, name: str, depth: int) -> frozenset[Kind]:
        """Kinds of the elements a `for name in ...` of ``function`` iterates over."""
        iterables = [i for t, i in function.loop_targets if isinstance(t, cst.Name) and t.value == name]
        if len(iterables) != 1:
            return frozenset()
        return self._elements_of(iterables[0], function, depth + 1)

    def _elements_of(self, node: cst.BaseExpression, scope: Scope, depth: int) -> frozenset[Kind]:
        if depth > _MAX_DEPTH:
            return frozenset()
        if isinstance(node, (cst.List, cst.Tuple)):
            elements = [e.value for e in node.elements if not isinstance(e, cst.StarredElement)]
            kinds = [self.kind(e, scope, depth + 1) for e in elements]
            known = [k for k in kinds if k is not None]
            return frozenset(known) if known and len(known) == len(kinds) else frozenset()
        if isinstance(node, cst.Call) and self._qualified(node.func, scope) == "range":
            return frozenset({Kind("int32", True)})  # Python ints
        if isinstance(node, cst.Call) and self._qualified(node.func, scope) == "enumerate":
            return frozenset()  # (index, element) pairs: not one kind
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
            for side in (node.left, node.right):
                if isinstance(side, cst.List):
                    return self._elements_of(side, scope, depth + 1)
            return frozenset()
        if isinstance(node, cst.Name):
            found = self.facts.resolver.lookup(node.value, scope)
            if not found or len(found[1]) != 1:
                return frozenset()
            binding = found[1][0]
            if binding.kind == "assign" and isinstance(binding.node, cst.BaseExpression):
                return self._elements_of(binding.node, found[0], depth + 1)
            if binding.kind == "param" and isinstance(found[0], FunctionInfo):
                kinds: set[Kind] = set()
                for argument, call_scope in self.facts.staging.arguments_for(found[0], node.value):
                    elements = self._elements_of(argument, call_scope, depth + 1)
                    if not elements:
                        return frozenset()
                    kinds.update(elements)
                return frozenset(kinds)
        return frozenset()

    def _passed(self, function: FunctionInfo, name: str, depth: int) -> Kind | None:
        """The kind every direct call of ``function`` passes to parameter ``name``."""
        kinds = set()
        arguments = self.facts.staging.arguments_for(function, name)
        for argument, scope in arguments:
            kind = self.kind(argument, scope, depth + 1)
            if kind is None:
                return None
            kinds.add(kind)
        return kinds.pop() if len(kinds) == 1 else None

    def _call(self, node: cst.Call, scope: Scope, depth: int) -> Kind | None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "astype" and node.args:
            dtype = self._dtype(node.args[0].value, scope)
            return Kind(dtype, False) if dtype else None
        if isinstance(func, cst.Attribute) and func.attr.value in _KEEPS_DTYPE and not self._qualified(func, scope):
            inner = self.kind(func.value, scope, depth + 1)
            return Kind(inner.dtype, False) if inner is not None and not inner.weak else None
        qualified = self._qualified(func, scope)
        if qualified is None:
            return self._jitted_output(node, scope, depth)
        given = next((a for a in node.args if a.keyword is not None and a.keyword.value == "dtype"), None)
        if given is not None:
            dtype = self._dtype(given.value, scope)
            return Kind(dtype, False) if dtype else None
        if qualified in _SCALAR_TYPES and qualified not in ("float", "int", "bool"):
            return Kind(_SCALAR_TYPES[qualified], False)
        if qualified in _FLOAT_DEFAULT:
            return Kind("float32", False)
        if qualified in _FILL and len(node.args) >= 2:
            fill = self.kind(node.args[1].value, scope, depth + 1)
            return Kind(fill.dtype, False) if fill is not None else None
        if qualified in _ARANGE:
            bounds = [self.kind(a.value, scope, depth + 1) for a in node.args if a.keyword is None]
            if bounds and all(b is not None and b.weak for b in bounds):
                return Kind("float32" if any(dtype_category(b.dtype) == "float" for b in bounds) else "int32", False)
            return None
        if qualified in _FROM_DATA and node.args:
            data = node.args[0].value
            if qualified.startswith("jax.") and isinstance(data, (cst.Integer, cst.Float)):
                return self.kind(data, scope, depth + 1)  # `jnp.array(1.0)` stays weakly typed
            if isinstance(data, (cst.List, cst.Tuple)):
                inner = self._elements(data, scope, depth)
            else:
                inner = self.kind(data, scope, depth + 1)
            return Kind(inner.dtype, False) if inner is not None else None
        return None

    def _elements(self, node: cst.List | cst.Tuple, scope: Scope, depth: int) -> Kind | None:
        kinds = [self.kind(e.value, scope, depth + 1) for e in node.elements]
        if not kinds or any(k is None for k in kinds):
            return None
        result = kinds[0]
        for other in kinds[1:]:
            result = promote(result, other)
        return result

    def _jitted_output(self, node: cst.Call, scope: Scope, depth: int) -> Kind | None:
        """A jitted function of this module returns a strong array as soon as one of its
        returned expressions combines a strong operand (its dtype then follows promotion)."""
        callee = self.facts.jitted_callee(node, scope)
        if callee is None or len(callee.function.returns) != 1:
            return None
        function = callee.function
        arguments = bind_call(node, function, callee.offset).by_name
        passed = {name: self.kind(value, scope, depth + 1) for name, value in arguments.items()}
        result = _ReturnEvaluator(self, function, passed).kind(function.returns[0], function, depth + 1)
        return result

    def _qualified(self, func: cst.BaseExpression, scope: Scope) -> str | None:
        qualified = self.facts.qualified_name(func, scope)
        return names.canonical(qualified) if qualified else None

    def _dtype(self, node: cst.BaseExpression, scope: Scope) -> str | None:
        if isinstance(node, cst.SimpleString):
            text = node.evaluated_value
            return _NARROW.get(text, text) if isinstance(text, str) and text in _DTYPE_NAMES else None
        qualified = self._qualified(node, scope)
        return _SCALAR_TYPES.get(qualified) if qualified else None


class _ReturnEvaluator(DtypeEvaluator):
    """Kinds inside a jitted function, with its parameters bound to the call's argument kinds."""

    def __init__(self, outer: DtypeEvaluator, function: FunctionInfo, passed: dict[str, Kind | None]) -> None:
        super().__init__(outer.facts)
        self._resolving = outer._resolving
        self.function = function
        self.passed = passed

    def _name(self, node: cst.Name, scope: Scope, depth: int) -> frozenset[Kind]:
        found = self.facts.resolver.lookup(node.value, scope)
        if found and found[0] is self.function and all(b.kind == "param" for b in found[1]):
            kind = self.passed.get(node.value)
            return frozenset({kind}) if kind is not None else frozenset()
        return super()._name(node, scope, depth)
