"""What library code does to abstract values: calls, attributes, operators and iteration.

The interpreter (:mod:`~jaxcheck.analysis.interpret.interpreter`) runs the checked code; whenever that code reaches into a
library (Python's builtins, `jax`, `jax.numpy`, `lax` control flow, NumPy, `functools.partial`,
`argparse`, ...) or applies an operator, this module says what comes back. The JAX facts live in
:mod:`jaxcheck.names` (transformations with their calling conventions, array functions, NumPy on
tracers, measured); this module applies them to values:

- under a trace every `jax.numpy`/`lax` result is a tracer, constants included; outside one it is
  a host array (inside `jax.ensure_compile_time_eval()`, a constant stays concrete);
- a transformation applied to a function is a :class:`~.values.Transformed` value; calling it
  runs the function with the arguments abstracted as the transformation abstracts them, and
  gives back what a compiled program returns;
- lax control flow runs its bodies at once, with its operands as tracers, by its calling
  convention; a traced loop carry is joined with what the body hands back;
- NumPy functions raise on a tracer, except those that dispatch to the array's own method;
- a call the analysis cannot follow returns ``UNKNOWN``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
import operator
from dataclasses import replace
from typing import TYPE_CHECKING

import libcst as cst

from ... import argnums as argnum_rules
from ... import names
from ..transforms import nnlibs
from ..transforms.staging import default_axes, untouched_positions
from ..values import (
    BOOL, BOTTOM, BYTES, CONCRETE_TRACER, DIMENSION, FALSE, FLOAT, INT, NONE, STATIC, STR, TRACED_TREE, TRACER, TRUE, UNKNOWN, AbstractValue,
    ClassRef, Const, Function, HostArray, Instance, Kind, Library, Mapping, MixedNumber, Scalar, Sequence, Tracer,
    Transformed, Value, X64_TO_X32, array_kind, container_items, dtype_category, join, join_all, join_carry, mixed_number, promote, python_number_type,
)

from ..syntax.annotations import annotation_kind
from .events import StaticPositionNotPassed
from .frames import HOST, Arguments, Frame, Mode

if TYPE_CHECKING:
    from .interpreter import Interpreter
    from ..syntax.scopes import ClassInfo, FunctionInfo
    from ..transforms.staging import Application

HostArrayType = HostArray
ScalarType = Scalar

# `with jax.ensure_compile_time_eval():` (an instance of this names the context manager).
COMPILE_TIME_EVAL = "jax.ensure_compile_time_eval"
_KEY_DATA = "jax.random.key_data"


class SliceValue(AbstractValue):
    """A slice in a subscript: its (start, stop, step) values."""

    __slots__ = ("bounds",)

    def __init__(self, bounds: tuple[AbstractValue, ...]) -> None:
        self.bounds = bounds

    @property
    def kind(self) -> Value:
        return Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is SliceValue and other.bounds == self.bounds  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(("slice", self.bounds))


BOOL_TRACER = Tracer(None, "bool", False, True)


def weak_dtype(value: object) -> str:
    """The dtype JAX gives a Python scalar (weakly typed)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int32"
    if isinstance(value, float):
        return "float32"
    return "complex64"


_FILLED = frozenset({"jax.numpy.zeros", "jax.numpy.ones", "jax.numpy.empty"})
_CONVERTING = frozenset(f"{m}.{f}" for m in ("numpy", "jax.numpy") for f in ("array", "asarray"))
# Constructors of strong float32 arrays unless `dtype` says (measured on jax 0.10.2), with the
# position of their `dtype` parameter (None: keyword-only; `jax.nn.one_hot(y, 3)` is float32,
# not weakly typed, whatever the dtype of `y`).
_FLOAT_RANGES = {
    "jax.numpy.linspace": 5, "jax.numpy.logspace": 5, "jax.numpy.eye": 3, "jax.numpy.identity": 1, "jax.nn.one_hot": None,
}


def _made_kind(qualified: str, args: Arguments) -> Kind | None:
    """The dtype and weak type of an array a `jax.numpy` constructor makes, where known
    (measured on jax 0.10.2: `asarray(0.0)` and `array(1)` are weakly typed, `asarray([0.0])`,
    `asarray(np.array(0.0))`, `asarray(0.0, dtype=...)` and `zeros(())` are not)."""
    if qualified in names.ARRAY_SCALAR_CONSTRUCTORS:  # `jnp.float32(0.01)`
        return Kind(_WITHOUT_X64.get(qualified.rsplit(".", 1)[1], qualified.rsplit(".", 1)[1]), False)
    dtype_given = dict(args.keywords).get("dtype")
    if qualified in ("jax.numpy.asarray", "jax.numpy.array"):
        if len(args.positional) > 1:
            dtype_given = args.positional[1]
        if dtype_given is not None and dtype_given != NONE:
            return Kind(_dtype_name(dtype_given) or "?", False)
        source = array_kind(args.positional[0]) if args.positional else None
        if source is not None:
            return source
        first = args.positional[0] if args.positional else UNKNOWN
        return Kind("?", False) if type(first) in (Sequence, HostArray) else None
    if qualified in names.ELEMENTWISE_FUNCTIONS:
        operands = args.positional
        if qualified == "jax.numpy.where":
            operands = operands[1:3]  # the values, not the condition
        kinds = [array_kind(value) for value in operands]
        if not kinds or any(kind is None for kind in kinds):
            return None
        result = kinds[0]
        for kind in kinds[1:]:
            result = promote(result, kind)  # type: ignore[arg-type]
        if qualified in names.INEXACT_ELEMENTWISE_FUNCTIONS and dtype_category(result.dtype) in ("int", "bool"):  # type: ignore[union-attr]
            return Kind("float32", result.weak)  # type: ignore[union-attr]
        return result
    if qualified in names.SAMPLER_DTYPES:
        default, position = names.SAMPLER_DTYPES[qualified]
        if position is not None and len(args.positional) > position:
            dtype_given = args.positional[position]
        if dtype_given is None or dtype_given == NONE:
            return Kind(default, False)
        return Kind(_dtype_name(dtype_given) or "?", False)
    if qualified in names.STRONG_REDUCTIONS:
        kind = array_kind(args.positional[0]) if args.positional else None
        return Kind(_reduced_dtype(names.STRONG_REDUCTIONS[qualified], kind.dtype if kind is not None else "?"), False)
    if qualified in _FLOAT_RANGES:
        position = _FLOAT_RANGES[qualified]
        if position is not None and len(args.positional) > position:
            dtype_given = args.positional[position]
        if dtype_given is None or dtype_given == NONE:
            return Kind("float32", False)
        return Kind(_dtype_name(dtype_given) or "?", False)
    if qualified in names.LIKE_CONSTRUCTORS:
        position = names.LIKE_CONSTRUCTORS[qualified]
        if len(args.positional) > position:
            dtype_given = args.positional[position]
        if dtype_given is not None and dtype_given != NONE:
            return Kind(_dtype_name(dtype_given) or "?", False)
        return array_kind(args.positional[0]) if args.positional else None
    if qualified in _FILLED:
        if len(args.positional) > 1:
            dtype_given = args.positional[1]
        if dtype_given is None or dtype_given == NONE:
            return Kind("float32", False)
        return Kind(_dtype_name(dtype_given) or "?", False)
    return None


def _reduced_dtype(reduction: str, dtype: str) -> str:
    """The dtype a reduction of ``dtype`` gives (see :data:`~jaxcheck.names.STRONG_REDUCTIONS`)."""
    if dtype == "?" and reduction in ("accumulate", "cumulate", "same", "inexact", "real"):
        return dtype
    if reduction == "real":
        return {"complex64": "float32", "complex128": "float64"}.get(dtype, "float32" if dtype_category(dtype) in ("int", "bool") else dtype)
    if reduction == "accumulate" and dtype in ("int8", "int16", "uint8", "uint16"):
        return "uint32" if dtype.startswith("u") else "int32"
    if reduction in ("accumulate", "cumulate"):
        return "int32" if dtype == "bool" else dtype
    if reduction == "inexact":
        return "float32" if dtype_category(dtype) in ("int", "bool") else dtype
    return dtype if reduction == "same" else reduction


def _number_limits(qualified: str, dtype: AbstractValue) -> Instance:
    """`jnp.iinfo(dtype)` or `jnp.finfo(dtype)`: its limits as the numbers they are (see
    :data:`~jaxcheck.names.NUMBER_LIMITS`), a float limit strongly typed of the dtype asked for."""
    limits: list[tuple[str, AbstractValue]] = [(name, INT) for name in names.PYTHON_INT_LIMITS]
    if qualified.endswith("finfo"):
        limit = HostArray("numpy", (), _dtype_name(dtype))
        limits = [("bits", INT)] + [(name, limit) for name in names.FLOAT_LIMITS]
    return Instance(qualified, tuple(limits))


def _replaced(value: AbstractValue, args: Arguments) -> AbstractValue:
    """`dataclasses.replace(value, **changes)`: the instance with those fields."""
    if type(value) is not Instance or value.fields is None or args.spread_keywords:  # type: ignore[attr-defined]
        return UNKNOWN
    for name, field in args.keywords:
        value = value.with_field(name, field)  # type: ignore[attr-defined]
    return value


# `jnp.split(x, 3)` and its kin return a Python list of arrays, as many as the sections asked
# for (measured on jax 0.10.2 under jit: `split(x, 3)` a list of 3, `split(x, [1, 4])` of 3,
# `array_split(x, 4)` of 4): iterating it runs over those pieces, not the rows of an array.
_SPLITTING = frozenset(f"jax.numpy.{name}" for name in ("split", "array_split", "hsplit", "vsplit", "dsplit"))


def _pieces(args: Arguments) -> AbstractValue:
    """The list `jnp.split(x, sections)` returns under a trace: its length where ``sections``
    is a known count or a list of known cut points."""
    sections = args.positional[1] if len(args.positional) > 1 else dict(args.keywords).get("indices_or_sections")
    length = None
    if type(sections) is Const and type(sections.value) is int:  # type: ignore[attr-defined]
        length = sections.value  # type: ignore[attr-defined]
    elif type(sections) is Sequence and sections.items is not None:  # type: ignore[attr-defined]
        length = len(sections.items) + 1  # type: ignore[attr-defined]
    elif type(sections) is Sequence and sections.length is not None:  # type: ignore[attr-defined]
        length = sections.length + 1  # type: ignore[attr-defined]
    return Sequence("list", None, TRACER, length)


def _data_shape(value: AbstractValue, depth: int = 0) -> tuple[int, ...] | None:
    """The shape of the array made of nested Python data: `[[1, 2, 3]]` gives (1, 3), a list of
    ``n`` numbers (known one by one or only by their count) (n,); None where a length is not
    known or the items' shapes differ (a ragged list does not make an array)."""
    if type(value) in (Const, Scalar):
        number = python_number_type(value) is not None or value in (TRUE, FALSE, BOOL)
        return () if number or (type(value) is Const and type(value.value) is complex) else None  # type: ignore[attr-defined]
    if type(value) is not Sequence or depth > 4:
        return None
    if value.items is not None:  # type: ignore[attr-defined]
        shapes = {_data_shape(item, depth + 1) for item in value.items}  # type: ignore[attr-defined]
        if not shapes:
            return (0,)
        inner = shapes.pop() if len(shapes) == 1 else None
    else:
        inner = _data_shape(value.item, depth + 1) if value.length is not None else None  # type: ignore[attr-defined]
    if inner is None:
        return None
    return (len(value.items) if value.items is not None else value.length, *inner)  # type: ignore[attr-defined]


def _dtype_name(value: AbstractValue, x64: bool = False) -> str | None:
    """`float32` for `jnp.float32` (or `"float32"`), given as a dtype: as JAX makes it, or as
    NumPy does where ``x64`` (`np.int64` stays 64-bit there)."""
    if type(value) is Library:
        name = value.name.rsplit(".", 1)[-1]  # type: ignore[attr-defined]
    elif type(value) is Const and isinstance(value.value, str):  # type: ignore[attr-defined]
        name = value.value  # type: ignore[attr-defined]
    else:
        return None
    return _PYTHON_DTYPES.get(name, name) if x64 else _WITHOUT_X64.get(name, name)


# 64-bit dtypes asked for with `jax_enable_x64` off (the default) give their 32-bit kin.
_PYTHON_DTYPES = {"float": "float64", "int": "int64", "bool": "bool", "complex": "complex128"}
_WITHOUT_X64 = {**X64_TO_X32, "float": "float32", "int": "int32"}


# `@` promotes as the elementwise operators do (measured on jax 0.10.2: weak @ weak is weak,
# weak @ float32 is a strong float32, int32 @ float32 is float32).
_ARITHMETIC = frozenset({"Add", "Subtract", "Multiply", "Divide", "FloorDivide", "Modulo", "Power", "MatrixMultiply"})


def _promoted(operator_name: str, left: AbstractValue, right: AbstractValue) -> Kind | None:
    """The dtype and weak type of `left op right` where both operands' are known (arithmetic)."""
    if operator_name not in _ARITHMETIC:
        return None
    a, b = array_kind(left), array_kind(right)
    if a is None or b is None:
        return None
    return promote(a, b, divide=operator_name == "Divide")


def _is_abstract(value: AbstractValue) -> bool:
    return type(value) is Tracer and value.abstract  # type: ignore[attr-defined]


def _made_abstract(values: list[AbstractValue], mode: Mode) -> bool:
    """Whether the array an operation of a traced frame makes from ``values`` is an abstract
    tracer: always where every operation is staged (jit, pmap, lax bodies, checkpoint); under
    vmap alone only where an operand holds what a mapped argument reached (an abstract tracer,
    or a traced value not known to be a concrete array)."""
    if any(_is_abstract(v) for v in values):
        return True
    if not mode.makes_abstract:
        return mode.abstract and any(v.kind.traced and type(v) is not Tracer for v in values)
    return True


def _array_leaf(value: AbstractValue) -> bool:
    return type(value) is Tracer or type(value) is HostArray


_BUILTIN_RESULTS: dict[str, AbstractValue] = {
    "isinstance": BOOL, "issubclass": BOOL, "hasattr": BOOL, "callable": BOOL, "id": INT, "hash": INT,
    "repr": STR, "str": STR, "format": STR, "chr": STR, "ord": INT, "bin": STR, "hex": STR, "oct": STR,
    "type": STATIC, "object": STATIC, "print": NONE, "setattr": NONE, "delattr": NONE, "input": STR,
    "globals": STATIC, "locals": STATIC, "dir": STATIC, "vars": Mapping(None, UNKNOWN),
    "super": STATIC, "iter": UNKNOWN, "next": UNKNOWN, "property": STATIC, "staticmethod": STATIC,
    "classmethod": STATIC, "NotImplementedError": STATIC, "ValueError": STATIC, "TypeError": STATIC,
}
_NUMERIC_BUILTINS = frozenset({"abs", "round", "pow", "divmod", "sum"})
_FOLDED_NUMERIC = {"abs": abs, "round": round}  # of Python constants, folded as Python does
_CONVERSIONS = {"int": "int", "float": "float", "bool": "bool", "complex": "complex", "operator.index": "int"}


class LibraryModel:
    def __init__(self, interpreter: Interpreter) -> None:
        self.interpreter = interpreter

    # == calls =================================================================================

    def call(self, node: cst.Call, frame: Frame) -> AbstractValue:
        interp = self.interpreter
        scope = frame.scope
        application = interp.staging.application(node, scope)
        if application is not None:
            return self._application(application, node, frame)
        func = node.func
        if type(func) is cst.Attribute:
            qualified = interp.resolver.qualified_name(func, scope)
            if qualified is None:
                receiver = interp.evaluate(func.value, frame)
                if type(func.value) is cst.Name and func.value.value == "self" and _holds_field(interp, receiver, func.attr.value, frame):
                    interp.note_self_read(func, frame)  # `self.fn(x)`: the function the object holds now
                return self.method_call(receiver, func.attr.value, node, frame)
        callee = interp.evaluate(func, frame)
        return self.call_value(callee, node, frame)

    def call_value(self, callee: AbstractValue, node: cst.Call, frame: Frame) -> AbstractValue:
        """Call ``callee`` (already evaluated) with ``node``'s arguments."""
        interp = self.interpreter
        kind = type(callee)
        if kind is Library:
            return self.library_call(callee.name, node, frame)  # type: ignore[attr-defined]
        args = interp.arguments(node, frame)
        return self.call_with(callee, args, node, frame)

    def call_with(self, callee: AbstractValue, args: Arguments, node: cst.CSTNode, frame: Frame) -> AbstractValue:
        interp = self.interpreter
        kind = type(callee)
        if kind is Function:
            return interp.call(callee, args, frame.mode, frame, node)  # type: ignore[arg-type]
        if kind is ClassRef:
            return self.construct(callee.cls, args, frame, node)  # type: ignore[attr-defined]
        if kind is Transformed:
            return self.call_transformed(callee, args, frame, node)  # type: ignore[arg-type]
        if kind is _PartialJitted:
            return self._call_partial_jitted(callee, args, node, frame)  # type: ignore[arg-type]
        if kind is Instance and not isinstance(callee.cls, str):  # type: ignore[attr-defined]
            method = interp.find_method(callee.cls, "__call__")  # type: ignore[attr-defined]
            if method is not None:
                return interp.call(Function(method, (callee,)), args, frame.mode, frame, node)
        if kind is Library:
            return UNKNOWN
        if callee is UNKNOWN and isinstance(node, cst.Call):
            return self._fallback(node, args, frame)
        return UNKNOWN

    def _fallback(self, node: cst.Call, args: Arguments, frame: Frame) -> AbstractValue:
        """A callee whose value is not known: the functions its name denotes, if any."""
        interp = self.interpreter
        func = node.func
        if type(func) not in (cst.Name, cst.Attribute):
            return UNKNOWN
        found = interp.staging.functions_of(func, frame.scope)
        results = []
        for function, offset in found:
            if offset is None:
                results.append(interp.call(Function(function, partial=True), args, frame.mode, frame, node))
            elif offset == 1 and function.params:
                receiver = Instance(function.owner_class) if function.owner_class is not None else UNKNOWN
                results.append(interp.call(Function(function, (receiver,)), args, frame.mode, frame, node))
            else:
                results.append(self.call_with(self._as_decorated(function), args, node, frame))
        return join_all(results) if results else UNKNOWN

    def _as_decorated(self, function: FunctionInfo) -> AbstractValue:
        """What the name of ``function`` holds where its definition binds it: the function under
        the transformations its decorators apply (a `@jax.custom_vjp` function called under
        `jax.grad` runs on the primal values). A decorator of the checked code stops the
        reading: what it returns is not known here."""
        value: AbstractValue = Function(function)
        scope = function.parent or function
        for decorator in reversed(getattr(function.node, "decorators", ())):
            application = self.interpreter.staging.application(decorator.decorator, scope)
            if application is not None and not application.functions:
                value = Transformed(application, value)
            else:
                expression = decorator.decorator
                callee = expression.func if isinstance(expression, cst.Call) else expression
                if self.interpreter.resolver.qualified_name(callee, scope) is None:
                    return Function(function)
        return value

    def construct(self, owner, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
        """An instance of ``owner`` (a class of the checked code) built with ``args``."""
        interp = self.interpreter
        objects = interp.objects
        static = objects.static_fields(owner)
        pytree = static is not None
        fields: list[tuple[str, AbstractValue]] = []
        declared = objects.annotated_fields(owner) if objects.generates_init(owner) or objects.is_named_tuple(owner) else []
        if declared and interp.find_method(owner, "__init__") is None:
            names_of = list(declared)
            positional = list(args.positional)
            keywords = dict(args.keywords)
            for index, name in enumerate(names_of):
                if index < len(positional):
                    fields.append((name, positional[index]))
                elif name in keywords:
                    fields.append((name, keywords[name]))
                else:
                    default = objects.field_default(owner, name)
                    if default is not None:
                        with interp.outside_runs():
                            fields.append((name, interp.evaluate(default, interp._lazy_frame(owner))))
                    else:
                        fields.append((name, self._made_by_factory(objects.field_factory(owner, name), owner, frame, node)))
            for name, value in fields:
                interp._set_class_field(owner, name, value, frame.mode.traced)
        instance: AbstractValue = Instance(owner, tuple(fields), pytree, frame.mode.traced)
        for hook in ("__init__", "__post_init__", "__check_init__"):
            method = interp.find_method(owner, hook) if hook == "__init__" else owner.methods.get(hook)
            if method is None:
                continue
            hook_args = args if hook == "__init__" else type(args)(())
            _, receiver = interp.call_method(Function(method, (instance,)), hook_args, frame.mode, frame, node)
            if type(receiver) is Instance and receiver.cls is owner:  # type: ignore[attr-defined]
                instance = receiver
        return instance

    def _made_by_factory(self, factory: cst.BaseExpression | None, owner, frame: Frame, node: cst.CSTNode) -> AbstractValue:
        """What a field's `default_factory` makes for a new instance: an empty list, dict or set
        for the builtin types, what a function of the checked code (a lambda) returns."""
        if factory is None:
            return UNKNOWN
        interp = self.interpreter
        qualified = interp.resolver.qualified_name(factory, owner.parent or owner)
        empty = {"list": Sequence("list", ()), "set": Sequence("set", ()), "dict": Mapping(())}
        if qualified in empty:
            return empty[qualified]
        made = interp.evaluate(factory, interp._lazy_frame(owner))
        return self.call_with(made, Arguments(()), node, frame) if type(made) is Function else UNKNOWN

    # -- transformations ----------------------------------------------------------------------

    def _application(self, application: Application, node: cst.Call, frame: Frame) -> AbstractValue:
        interp = self.interpreter
        transform = application.transform
        options = {name: interp.evaluate(option.value, frame) for name, option in application.options.items()}
        if not application.functions:
            for arg in node.args:
                interp.evaluate(arg.value, frame)
            return Transformed(application, BOTTOM)  # a decorator waiting for its function
        if transform.convention is not None:
            return self.control_flow(application, node, frame)
        if transform.name in names.MODEL_INFERENCE:
            for arg in node.args:
                interp.evaluate(arg.value, frame)
            return Instance(transform.name)
        inner = interp.evaluate(application.functions[0], frame)
        if inner is UNKNOWN or inner is STATIC:
            inner = self._functions_named(application.functions[0], frame)
        value = Transformed(application, inner)
        interp.note_hashed_functions(application, node, [inner], frame)
        if transform.name in names.JIT_TRANSFORMS:
            interp.note_jit_built(value, frame)
            interp.note_static_options(application, options, inner)
        if transform.runs_at_once:
            rest = self._arguments_after_function(node, application, frame)
            return self.call_transformed(value, rest, frame, node)
        return value

    def _functions_named(self, expression: cst.BaseExpression, frame: Frame) -> AbstractValue:
        found = self.interpreter.staging.functions_of(expression, frame.scope)
        values = []
        for function, offset in found:
            if offset == 1 and function.owner_class is not None:
                values.append(Function(function, (Instance(function.owner_class),)))
            else:
                values.append(Function(function, partial=offset is None))
        return join_all(values) if len(values) == 1 else UNKNOWN

    def _arguments_after_function(self, node: cst.Call, application: Application, frame: Frame) -> Arguments:
        """The arguments of `jax.jvp(f, primals, tangents)` after the function."""
        positional = []
        for arg in node.args:
            if arg.keyword is None and not arg.star and arg.value is not application.functions[0]:
                positional.append(self.interpreter.evaluate(arg.value, frame))
        return Arguments(tuple(positional))

    def _static_positions_of_call(self, value: Transformed, args: Arguments) -> set[int] | None:
        """The positions among a call's positional arguments that the literal `static_argnums`
        of a transformation indexing the call (`jax.checkpoint`, see
        :attr:`~jaxcheck.names.Transform.static_argnums_index_call`) keep as passed; None when
        a number is out of range of those arguments: the call raises `ValueError`."""
        from ..transforms.argspec import parse_spec

        application = value.application
        numbers = parse_spec(application.options).static_argnums
        if not application.transform.static_argnums_index_call or not numbers or args.spread_positional:
            return set()
        passed = len(args.positional)
        beyond = tuple(n for n in numbers if not -passed <= n < passed)
        if not beyond:
            return {n % passed for n in numbers}
        target = _target(value.inner)[0]
        while type(target) is Transformed:
            target = target.inner  # type: ignore[attr-defined]
        option = application.options.get("static_argnums")
        if type(target) is Function and option is not None:
            self.interpreter.note_static_position_not_passed(StaticPositionNotPassed(
                option, beyond, passed, target.function, application.transform.name,  # type: ignore[attr-defined]
            ))
        return None

    def call_transformed(self, value: Transformed, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
        """Call a function under a transformation."""
        interp = self.interpreter
        application = value.application
        transform = application.transform
        inner = value.inner
        if inner is BOTTOM:
            # A decorator factory given its function: `partial(jax.jit, static_argnums=1)(f)`.
            if args.positional and not args.keywords:
                made = Transformed(application, args.positional[0])
                if transform.name in names.JIT_TRANSFORMS:
                    interp.note_jit_built(made, frame)
                return made
            return UNKNOWN
        target, bound, static = None, 0, None
        if transform.name in names.JIT_TRANSFORMS:
            interp.note_jit_called(value, frame, node)
            target, bound = _target(inner)
            static = _static_arguments(application, target, bound, args) if target is not None else None
            if static is not None and static[3] and args.lax_body is not None:
                interp.note_static_values_of_lax_body(node, args, static[0], static[1], frame)
            if not frame.mode.traced and not (static is not None and _static_unhashable(static, args)):
                known_static = (static[0], static[1]) if static is not None and static[3] else (set(), set())
                interp.note_jit_arguments(node, args, frame, *known_static, callee=value)
            interp.note_static_fields(node, args, application.node)
            if (
                static is not None and static[3] and bound and type(target) is Function and _bound_method(target)  # type: ignore[arg-type]
                and type(inner) is Function and application.functions
            ):
                # `jax.jit(self.apply, static_argnums=1)`: jit sees the method's signature after
                # its receiver, and hashes what a call passes there like any static argument
                interp.note_static_values(node, args, static[0], static[1], frame)
            if static is not None and static[3] and not bound and type(target) is Function and _jitted_as_called(target.function, application, args.receiver):  # type: ignore[union-attr]
                interp.note_static_values(node, args, static[0], static[1], frame)
                if transform.params == "all" and not transform.manages_state and not _options_spread(application):
                    # every other argument is traced as an array
                    interp.note_untraceable_arguments(node, args, static[0], static[1], target.function, frame, application.node)  # type: ignore[union-attr]
            elif (
                static is not None and static[3] and type(target) is Function and _bound_method(target)  # type: ignore[arg-type]
                and type(inner) is Function and application.functions and transform.params == "all"
                and not transform.manages_state and not _options_spread(application)
            ):
                # `jax.jit(self.apply)(x, "relu")`: the receiver is no argument of jit, the
                # call's arguments are the method's parameters after it (measured on jax 0.10.2,
                # bench/measure_untraceable_arguments.py: a `str` there raises `TypeError`).
                interp.note_untraceable_arguments(node, args, static[0], static[1], target.function, frame, application.node, skip=1)  # type: ignore[union-attr]
        interp.note_entry(_target(inner)[0] or inner, application, frame, value)
        mode = frame.mode.entered(transform)
        if transform.name in names.JIT_TRANSFORMS:
            if target is None or static is None:
                return UNKNOWN  # not known, or jit rejects its static options: the call raises before tracing
            if _static_unhashable(static, args, only_tracers=True):
                # A tracer there comes from an outer transformation (`pmap` of a jitted
                # function): the call can never run as written, so its body is not traced with
                # the tracer. Another unhashable value is left as given, so that the body is
                # still checked for when the caller passes a hashable one.
                return UNKNOWN
            policy = transform.params
            positional = tuple(
                v if index in static[0] else interp.abstract_argument(v, mode, policy)
                for index, v in enumerate(args.positional)
            )
            keywords = tuple((k, v if k in static[1] else interp.abstract_argument(v, mode, policy)) for k, v in args.keywords)
            # A bound method's receiver is no argument of jit: it reaches the trace as the object
            # it is (measured on jax 0.10.2: `jax.jit(m.f)` sees `self.w` a concrete array,
            # `self.flag` a Python bool, and `self.log.append(x)` grows `m.log` by one tracer);
            # so do the arguments a `partial` binds (`jax.jit(partial(f, 32))` unrolls
            # `range(n)` into 32 steps, `jax.jit(partial(g, jnp.array(3)))` runs `int(n)`).
            receiver = inner.bound if type(inner) is Function and (_bound_method(inner) or inner.partial) else tuple(  # type: ignore[union-attr]
                v if index in static[2] else interp.abstract_argument(v, mode, policy) for index, v in enumerate(inner.bound)  # type: ignore[union-attr]
            ) if type(inner) is Function else ()
            callee = Function(target.function, receiver, target.keywords, target.partial, target.closure) if type(inner) is Function else target
            result = self.call_with(callee, Arguments(positional, keywords, args.spread_positional, args.spread_keywords), node, _entered(frame, mode))
            return interp.output(result, frame.mode)
        name = transform.name
        if name in ("jax.vmap", "flax.nnx.vmap", "equinox.filter_vmap"):
            passed = untouched_positions(application, interp.resolver, len(args.positional))
            leading = default_axes(application, interp.resolver)
            policy = transform.params
            positional = tuple(
                v if index in passed else _mapped_element(interp.abstract_argument(v, mode, policy), leading)
                for index, v in enumerate(args.positional)
            )
            keywords = tuple((k, _mapped_element(interp.abstract_argument(v, mode, policy), leading)) for k, v in args.keywords)
            result = self.call_with(inner, Arguments(positional, keywords, args.spread_positional, args.spread_keywords), node, _entered(frame, mode))
            return interp.output(result, frame.mode) if frame.mode.traced or True else result
        if name == "jax.numpy.vectorize":
            # each call vmaps the function; the `excluded` positions and names pass as given
            from ..transforms.argspec import parse_spec

            spec = parse_spec(application.options)
            if not spec.known:
                return UNKNOWN
            passed, passed_names = set(spec.static_argnums or ()), set(spec.static_argnames or ())
            policy = transform.params
            positional = tuple(
                v if index in passed else interp.abstract_argument(v, mode, policy) for index, v in enumerate(args.positional)
            )
            keywords = tuple((k, v if k in passed_names else interp.abstract_argument(v, mode, policy)) for k, v in args.keywords)
            result = self.call_with(inner, Arguments(positional, keywords, args.spread_positional, args.spread_keywords), node, _entered(frame, mode))
            return interp.output(result, frame.mode)
        if name in names.DIFFERENTIATING_TRANSFORMS:
            if frame.mode.staged:
                interp.note_differentiation()
            differentiated = argnums(application)
            if differentiated is None:
                differentiated = set(range(8))  # any of the first few may be
            concrete = Mode(True, frame.mode.staged, frame.mode.abstract, frame.mode.frozen, True)
            positional = tuple(
                _differentiated(v, frame.mode) if index in differentiated else v for index, v in enumerate(args.positional)
            )
            factor = names.SECOND_ORDER_EQUATION_FACTOR if name in names.SECOND_ORDER_TRANSFORMS else names.DIFFERENTIATION_EQUATION_FACTOR
            with interp.weighing(factor):
                result = self.call_with(inner, Arguments(positional, args.keywords, args.spread_positional, args.spread_keywords), node, _entered(frame, concrete))
            gradient = join_all(interp.output(positional[i], frame.mode) for i in differentiated if i < len(positional)) if differentiated else UNKNOWN
            has_aux = _literal_option(application, "has_aux") is True
            if "value_and_grad" in name:
                return Sequence("tuple", (interp.output(result, frame.mode), gradient))
            if has_aux:
                aux = _item(result, 1)
                return Sequence("tuple", (gradient, interp.output(aux, frame.mode)))
            return gradient if gradient is not BOTTOM else UNKNOWN
        if name in ("jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint", "flax.nnx.remat"):
            checkpointed = Mode(True, frame.mode.staged, True, frame.mode.frozen)
            static = self._static_positions_of_call(value, args)
            if static is None:
                return UNKNOWN  # the call raises before tracing
            positional = tuple(
                v if index in static else interp.abstract_argument(v, checkpointed) for index, v in enumerate(args.positional)
            )
            keywords = tuple((k, interp.abstract_argument(v, checkpointed)) for k, v in args.keywords)
            result = self.call_with(inner, Arguments(positional, keywords, args.spread_positional, args.spread_keywords), node, _entered(frame, checkpointed))
            return interp.output(result, frame.mode)
        if name in names.CUSTOM_DERIVATIVES:  # its function runs on the primal values
            primal = replace(frame.mode, differentiated=False)
            return self.call_with(inner, args, node, _entered(frame, primal))
        if name in ("jax.eval_shape", "jax.make_jaxpr"):
            traced = Mode(True, False, True, False)
            kept: set[int] = set()
            if transform.takes_static:  # `make_jaxpr(f, static_argnums=...)` reads them as jit does
                target, bound = _target(inner)
                static = _static_arguments(application, target, bound, args) if target is not None else None
                if static is None:
                    return UNKNOWN  # the call raises before tracing
                kept = static[0]
                if static[3] and not bound and type(target) is Function:
                    interp.note_static_values(node, args, static[0], static[1], frame)
            positional = tuple(v if index in kept else interp.abstract_argument(v, traced) for index, v in enumerate(args.positional))
            self.call_with(inner, Arguments(positional, args.keywords), node, _entered(frame, traced))
            return STATIC if name == "jax.eval_shape" else UNKNOWN
        if name in ("jax.jvp", "jax.vjp", "jax.linearize"):
            concrete = Mode(True, frame.mode.staged, frame.mode.abstract, frame.mode.frozen, True)
            if name == "jax.jvp":  # `jvp(f, primals, tangents)`: the primals are one tuple
                items = known_items(args.positional[0]) if args.positional else None
                positional = tuple(_differentiated(v, frame.mode) for v in items) if items is not None else ()
                primals = Arguments(positional, (), items is None, False)
            else:  # `vjp(f, *primals)`, `linearize(f, *primals)`: every primal is differentiated
                positional = tuple(_differentiated(v, frame.mode) for v in args.positional)
                primals = Arguments(positional, (), args.spread_positional, False, after_function=True)
            result = self.call_with(inner, primals, node, _entered(frame, concrete))
            if name == "jax.vjp" and _literal_option(application, "has_aux") is True:
                return Sequence("tuple", (interp.output(_item(result, 0), frame.mode), UNKNOWN, interp.output(_item(result, 1), frame.mode)))
            return Sequence("tuple", (interp.output(result, frame.mode), UNKNOWN))
        if name == "jax.experimental.shard_map.shard_map" or name == "jax.shard_map":
            passed = untouched_positions(application, interp.resolver, len(args.positional))
            positional = tuple(
                v if index in passed else interp.abstract_argument(v, mode) for index, v in enumerate(args.positional)
            )
            result = self.call_with(inner, Arguments(positional, args.keywords), node, _entered(frame, mode))
            return interp.output(result, frame.mode)
        positional = tuple(interp.abstract_argument(v, mode, transform.params) for v in args.positional)
        keywords = tuple((k, interp.abstract_argument(v, mode, transform.params)) for k, v in args.keywords)
        result = self.call_with(inner, Arguments(positional, keywords, args.spread_positional, args.spread_keywords), node, _entered(frame, mode))
        return interp.output(result, frame.mode)

    # -- lax control flow --------------------------------------------------------------------

    def control_flow(self, application: Application, node: cst.Call, frame: Frame) -> AbstractValue:
        """Run the bodies of lax control flow (or of a solver) by its calling convention."""
        interp = self.interpreter
        transform = application.transform
        convention = transform.convention
        assert convention is not None
        mode = frame.mode.entered(transform)
        inner_frame = _entered(frame, mode)
        positional = [a for a in node.args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a for a in node.args if a.keyword is not None}
        bodies = [interp.evaluate(f, frame) for f in application.functions]
        interp.note_hashed_functions(application, node, bodies, frame)
        for body in bodies:
            interp.note_entry(body, application, frame)
        used = {id(f) for f in application.functions}

        def operand(place: names.Operand | None) -> AbstractValue | None:
            if place is None:
                return None
            arg = keywords.get(place.keyword) if place.keyword else None
            if arg is None and place.position is not None and place.position < len(positional):
                arg = positional[place.position]
            return interp.evaluate(arg.value, frame) if arg is not None and id(arg.value) not in used else None

        for arg in node.args:
            if id(arg.value) not in used:
                interp.evaluate(arg.value, frame)
        for place in convention.concrete:
            found = keywords.get(place.keyword) if place.keyword else None
            if found is None and place.position is not None and place.position < len(positional):
                found = positional[place.position]
            if found is not None:
                interp.checks.concrete_argument(found, frame)

        def traced(value: AbstractValue | None) -> AbstractValue:
            return interp.abstract_argument(value, mode) if value is not None else TRACED_TREE

        written = {id(body): expression for body, expression in zip(bodies, application.functions)}

        def run(body: AbstractValue, *values: AbstractValue) -> AbstractValue:
            given = Arguments(tuple(values), lax_body=written.get(id(body)))
            results = [self.call_with(function, given, node, inner_frame) for function in _branches(body)]
            return join_all(results) if results else UNKNOWN

        kind = convention.kind
        if kind in ("scan", "fori_loop", "while_loop"):
            carry = traced(operand(convention.carry))
            xs = traced(operand(convention.xs)) if convention.xs is not None else None
            body = bodies[-1] if bodies else UNKNOWN
            result: AbstractValue = UNKNOWN
            for _ in range(2):
                if kind == "while_loop" and len(bodies) == 2:
                    run(bodies[0], carry)
                if kind == "scan":
                    result = run(body, carry, _slice(xs))
                    returned_carry = _item(result, 0)
                elif kind == "fori_loop":
                    result = run(body, Tracer((), "int32", False, mode.abstract), carry)
                    returned_carry = result
                else:
                    result = run(body, carry)
                    returned_carry = result
                widened = join_carry(carry, interp.abstract_argument(returned_carry, mode)) if returned_carry not in (UNKNOWN, BOTTOM) else carry
                settled = traced_structure(widened) == traced_structure(carry)
                carry = widened  # its weak types settled as jax settles them (see `join_carry`)
                if settled:
                    break  # the body sees the same kinds of values again: a second run adds nothing
            if kind == "scan":
                return interp.output(Sequence("tuple", (carry, _stack(_item(result, 1)))), frame.mode)
            return interp.output(carry, frame.mode)
        if kind == "branches" and convention.own_operands:  # `cond(pred, x_true, f_true, x_false, f_false)`
            owned = [traced(interp.evaluate(positional[p].value, frame)) for p in convention.own_operands]
            results = [run(body, value) for body, value in zip(bodies, owned)]
            return interp.output(join_all(results), frame.mode) if results else UNKNOWN
        if kind == "branches":
            operands = [traced(interp.evaluate(a.value, frame)) for a in positional[convention.operands_from or 0:]]
            if convention.operand_keyword in keywords:
                operands.append(traced(interp.evaluate(keywords[convention.operand_keyword].value, frame)))
            results = [run(body, *operands) for body in bodies]
            return interp.output(join_all(results), frame.mode) if results else UNKNOWN
        if kind == "map":
            xs = traced(operand(convention.xs))
            passed = [interp.evaluate(a.value, frame) for a in positional[convention.extra_from:]] if convention.extra_from else []
            result = run(bodies[0] if bodies else UNKNOWN, _slice(xs), *passed)
            return interp.output(_stack(result), frame.mode)
        if kind == "combine":
            elems = traced(operand(convention.carry))
            part = _slice(elems)
            run(bodies[0] if bodies else UNKNOWN, part, part)
            return interp.output(elems, frame.mode)
        if kind in ("odeint", "minimize"):
            state = traced(operand(convention.carry))
            extra = [traced(interp.evaluate(a.value, frame)) for a in positional[convention.extra_from:]] if convention.extra_from else []
            if convention.extra_keyword and convention.extra_keyword in keywords:
                passed = interp.evaluate(keywords[convention.extra_keyword].value, frame)
                extra = [traced(v) for v in (known_items(passed) or ())]
            if kind == "odeint":
                result = run(bodies[0] if bodies else UNKNOWN, state, Tracer((), None, False, mode.abstract), *extra)
                return interp.output(state, frame.mode)
            run(bodies[0] if bodies else UNKNOWN, state, *extra)
            return UNKNOWN
        return UNKNOWN

    # -- library functions ---------------------------------------------------------------------

    def library_call(self, name: str, node: cst.Call, frame: Frame) -> AbstractValue:
        interp = self.interpreter
        qualified = names.canonical(name)
        if qualified in names.PARTIAL:
            return self._partial(node, frame, qualified)
        if qualified in names.TREE_MAPS:
            return self._tree_map(node, frame)
        args = interp.arguments(node, frame)
        values = list(args.positional) + [v for _, v in args.keywords]
        traced_mode = frame.mode.traced and not frame.compile_time
        if frame.mode.traced:
            interp.checks.library_call(qualified, node, frame)
            if frame.mode.staged and names.canonical(qualified) in names.PRNG_SAMPLERS:
                interp.note_draw()
        if qualified in _BUILTIN_HANDLERS:
            return _BUILTIN_HANDLERS[qualified](self, args, frame, node)
        if qualified in names.HOST_OBJECT_CLASSES:  # a logger, a file, a progress bar
            # `logging.getLogger` hands out the process's logger of that name: never new
            made = names.HOST_OBJECT_CLASSES[qualified]
            return Instance(made, built_in_trace=frame.mode.traced and made not in names.LOGGER_CLASSES)
        if qualified in names.HOST_RNG_CLASSES:  # `np.random.default_rng(0)`, `random.Random()`
            return Instance(names.HOST_RNG_CLASSES[qualified], built_in_trace=frame.mode.traced)
        if qualified == "dataclasses.replace" and args.positional:
            return _replaced(args.positional[0], args)
        if qualified == "equinox.partition" and len(node.args) >= 2 and not frame.mode.traced:  # type: ignore[attr-defined]
            spec = interp.resolver.qualified_name(node.args[1].value, frame.scope)  # type: ignore[attr-defined]
            return _partitioned(args.positional[0]) if spec == "equinox.is_array" and args.positional else UNKNOWN
        if qualified in _CONVERSIONS:
            return self._conversion(_CONVERSIONS[qualified], args)
        if qualified == "type" and len(args.positional) == 1 and _of_checked_class(args.positional[0]):
            return ClassRef(args.positional[0].cls)  # type: ignore[attr-defined]
        if qualified in _BUILTIN_RESULTS:
            return _BUILTIN_RESULTS[qualified]
        if qualified in _NUMERIC_BUILTINS:
            return self._numeric(qualified, args, frame)
        if qualified.startswith("math."):
            if qualified == "math.prod" and values and _is_abstract(values[0]):
                # it multiplies the elements it iterates over: of a traced array, tracers
                return Tracer((), None, None, True)
            if any(_is_abstract(v) for v in values):
                return UNKNOWN
            folded = _fold_math(qualified, args)
            return folded if folded is not None else Scalar("float")
        if qualified in names.STATIC_RESULT_FUNCTIONS or qualified in names.NUMPY_STATIC_RESULTS:
            return self._static_result(qualified, args)
        if qualified in names.CONCRETE_FOR_CONCRETE_OPERANDS and args.positional and args.positional[0].kind is Value.STATIC and not _array_leaf(args.positional[0]):
            return STATIC
        if names.canonical(qualified) in names.MODEL_SAMPLE_SITES:
            if any(k == "obs" for k, _ in args.keywords):
                return dict(args.keywords)["obs"]
            return TRACER if frame.mode.traced else UNKNOWN
        if qualified in names.PRNG_KEY_CONSTRUCTORS:
            return Tracer((2,), "uint32", False, _made_abstract(values, frame.mode)) if traced_mode else HostArray("jax", (2,), "uint32")
        if names.canonical(qualified) == names.PRNG_SPLIT and values and type(values[0]) is HostArray and not traced_mode:
            return _split_keys(values[0], args)  # type: ignore[arg-type]
        if qualified in _SPLITTING and traced_mode and values and values[0].kind.traced:
            return _pieces(args)
        if names.is_array_function(qualified):
            if qualified.startswith(("jax.tree_util", "jax.tree")):
                if qualified in names.TREE_LEAVES and values and values[0].kind.traced:
                    return Sequence("list", None, _leaf_of(values[0]))  # the leaves of a traced tree are arrays
                if any(v.kind.traced for v in values):
                    return TRACED_TREE
                return UNKNOWN
            made = _made_kind(qualified, args)
            if traced_mode:
                abstract = _made_abstract(values, frame.mode)
                if made is not None:
                    return Tracer(None, made.dtype if made.dtype != "?" else None, made.weak, abstract)
                return TRACER if abstract else Tracer(abstract=False)
            array = self._host_array("jax", qualified, args)
            if made is not None and type(array) is HostArray:
                return HostArray("jax", array.shape, made.dtype if made.dtype != "?" else None, made.weak)  # type: ignore[attr-defined]
            return array
        if qualified.startswith("numpy."):
            return self._numpy(qualified, args, frame)
        if qualified in names.ARRAY_SCALAR_CONSTRUCTORS:  # `jnp.float32(1.0)`: strongly typed
            dtype = qualified.rsplit(".", 1)[1]
            return Tracer((), dtype, False, _made_abstract(values, frame.mode)) if traced_mode else HostArray("jax", (), dtype, False)
        if qualified in _LIBRARY_INSTANCES:
            return Instance(_LIBRARY_INSTANCES[qualified], _keyword_fields(args) if qualified == "types.SimpleNamespace" else None)
        if qualified in names.EQUINOX_LAYER_LEAVES:
            return _equinox_layer(qualified, args)
        if qualified == "jax.ensure_compile_time_eval":
            return Instance(COMPILE_TIME_EVAL)
        if qualified.startswith(names.IDENTITY_HASHED_FACTORIES):
            return Instance(qualified)
        if qualified in ("jax.device_put", "jax.device_get"):
            value = args.positional[0] if args.positional else UNKNOWN
            return value if frame.mode.traced else _to_host(value, "jax" if qualified == "jax.device_put" else "numpy")
        if qualified == "jax.block_until_ready":
            return args.positional[0] if args.positional else UNKNOWN
        return UNKNOWN

    def _host_array(self, library_name: str, qualified: str, args: Arguments) -> AbstractValue:
        """An array a constructor made; its shape where the constructor takes the result's
        shape as an argument named `shape` (`jnp.zeros`, `jnp.full`, `jax.random.uniform`,
        `jnp.reshape`) and the call gives it as known non-negative sizes; an array converted
        (`jnp.asarray(P)`, `np.array(x)`) keeps its shape."""
        shape = None
        if qualified in _CONVERTING and args.positional and type(args.positional[0]) in (HostArray, Tracer):
            shape = args.positional[0].shape  # type: ignore[attr-defined]
        elif qualified in _CONVERTING and args.positional and type(args.positional[0]) is Sequence:
            shape = _data_shape(args.positional[0])  # `jnp.array([[ord(c) for c in text]])`
        for position, keyword in names.SHAPE_ARGUMENTS.get(qualified.replace("numpy.", "jax.numpy.", 1) if qualified.startswith("numpy.") else qualified, ()):
            if keyword == "shape":
                given = args.positional[position] if position < len(args.positional) else dict(args.keywords).get("shape", UNKNOWN)
                shape = _shape_of(given)
        if shape is None:
            short = qualified.removeprefix("jax.").removeprefix("numpy.")
            shape = _sized_shape(short, args) if short not in _JOINING else _joined_shape(short, args)
        return HostArray(library_name, shape)

    def _numpy(self, qualified: str, args: Arguments, frame: Frame) -> AbstractValue:
        values = list(args.positional) + [v for _, v in args.keywords]
        if qualified.startswith("numpy.random."):
            return _host_draw(qualified.rsplit(".", 1)[1], args)
        if frame.mode.traced and any(_is_abstract(v) or (v.kind.traced and type(v) is not Tracer) for v in values):
            short = qualified.removeprefix("numpy.")
            if short in names.NUMPY_DISPATCHING:
                return TRACER
            return UNKNOWN  # raises TracerArrayConversionError (see names.NUMPY_DISPATCHING)
        if qualified.removeprefix("numpy.") in names.NUMPY_SCALAR_TYPES:
            # `np.float32(0.5)` is a NumPy scalar, hashable (unlike an array built from a list).
            first = args.positional[0] if args.positional else NONE
            if type(first) in (Const, Scalar) or first == NONE:
                return Scalar(qualified)
            return HostArray("numpy", None, qualified.removeprefix("numpy."))
        array = self._host_array("numpy", qualified, args)
        text = _text_type(args.positional[0]) if qualified in _CONVERTING and args.positional and not args.keywords else None
        return HostArray("numpy", array.shape, f"{text}_") if text is not None and type(array) is HostArray else array  # type: ignore[attr-defined]

    def _static_result(self, qualified: str, args: Arguments) -> AbstractValue:
        first = args.positional[0] if args.positional else UNKNOWN
        if qualified in ("jax.numpy.shape", "numpy.shape"):
            return self.attribute(first, "shape", None, None)
        if qualified in ("jax.numpy.ndim", "numpy.ndim"):
            return self.attribute(first, "ndim", None, None)
        if qualified in ("jax.numpy.size", "numpy.size"):
            return self.attribute(first, "size", None, None) if len(args.positional) == 1 and not args.keywords else INT
        if qualified in names.NUMBER_LIMITS:
            return _number_limits(qualified, first)
        if qualified in _SUBDTYPE_TESTS and len(args.positional) == 2:
            return _subdtype(first, args.positional[1])
        return STATIC

    def _conversion(self, type_name: str, args: Arguments) -> AbstractValue:
        if not args.positional:
            return Const({"int": 0, "float": 0.0, "bool": False, "complex": 0j}[type_name])
        value = args.positional[0]
        if type(value) is Const and value.value is not None and type_name != "complex":  # type: ignore[attr-defined]
            try:
                return Const({"int": int, "float": float, "bool": bool}[type_name](value.value))  # type: ignore[attr-defined]
            except (TypeError, ValueError, OverflowError):
                return UNKNOWN
        if _is_abstract(value):
            return Scalar(type_name)  # raises at trace time (see the JAX202 rule)
        return Scalar(type_name)

    def _numeric(self, qualified: str, args: Arguments, frame: Frame) -> AbstractValue:
        values = list(args.positional)
        if any(_is_abstract(v) for v in values):
            return TRACER
        if any(v.kind.traced for v in values):
            return TRACER if qualified != "sum" else TRACED_TREE
        if qualified in _FOLDED_NUMERIC and values and all(type(v) is Const for v in values) and not args.keywords:
            try:  # `int(round(t_final / dt))`: a step count from a configuration's constants
                return Const(_FOLDED_NUMERIC[qualified](*(v.value for v in values)))  # type: ignore[attr-defined]
            except (TypeError, ValueError, OverflowError, ZeroDivisionError):
                return UNKNOWN
        if any(type(v) is Tracer for v in values):
            return Tracer(abstract=False)
        if any(type(v) is HostArray for v in values):
            return next(v for v in values if type(v) is HostArray)
        if all(v.kind is Value.STATIC for v in values):
            return STATIC
        return UNKNOWN

    def _partial(self, node: cst.Call, frame: Frame, qualified: str) -> AbstractValue:
        """`functools.partial(f, ...)` or `jax.tree_util.Partial(f, ...)`: of a function of the
        checked code, that function with its arguments bound and ``partial`` naming which (a
        `jax.tree_util.Partial` is a pytree, a `functools.partial` is not)."""
        interp = self.interpreter
        args = interp.arguments(node, frame)
        if not args.positional or args.spread_positional:
            return UNKNOWN
        callee = args.positional[0]
        made: AbstractValue = UNKNOWN
        if type(callee) is Function:
            made = Function(
                callee.function, callee.bound + args.positional[1:], callee.keywords + args.keywords, qualified, callee.closure  # type: ignore[attr-defined]
            )
        elif type(callee) is Transformed and callee.inner is BOTTOM:  # type: ignore[attr-defined]
            return callee
        elif type(callee) is Transformed and callee.transform_name in names.JIT_TRANSFORMS:  # type: ignore[attr-defined]
            return _PartialJitted(callee, args.positional[1:], args.keywords, node.args[0].value)  # type: ignore[arg-type]
        elif type(callee) is Library:
            made = _PartialLibrary(callee.name, args.positional[1:], args.keywords)  # type: ignore[attr-defined]
        if made is not UNKNOWN and not frame.mode.traced:
            interp.note_made(made)  # a new object each time this runs (JAX405 when static)
        return made

    def _call_partial_jitted(self, callee: _PartialJitted, args: Arguments, node: cst.CSTNode, frame: Frame) -> AbstractValue:
        """Call `partial(jitted, *bound)`: jit receives the bound arguments first, so its
        `static_argnums` count them, and a call's own arguments land after them (measured on
        jax 0.10.2, bench/measure_static_through_objects.py: `jax.vmap(partial(f, a, t))(xs)` on
        `f(z, alpha, t)` jitted with `static_argnums=(1, 2)` puts the batched `xs` at position 2,
        static: `ValueError: Non-hashable static arguments`)."""
        jitted = callee.jitted
        full = replace(
            args, positional=callee.bound + args.positional, keywords=callee.keywords + args.keywords,
            receiver=False, after_function=False,
        )
        target, bound = _target(jitted.inner)
        static = _static_arguments(jitted.application, target, bound, full) if target is not None else None
        if static is not None and static[3] and not bound and not args.receiver and not args.after_function:
            offset = len(callee.bound)
            positions = {index - offset for index in static[0] if index >= offset}
            own_keywords = {name for name, _ in args.keywords} - {name for name, _ in callee.keywords}
            self.interpreter.note_static_values(node, args, positions, static[1] & own_keywords, frame, callee.written)
        return self.call_transformed(jitted, full, frame, node)

    def _tree_map(self, node: cst.Call, frame: Frame) -> AbstractValue:
        """`jax.tree.map(f, tree, *rest)` calls `f` on each leaf (and the matching leaves)."""
        interp = self.interpreter
        args = interp.arguments(node, frame)
        if len(args.positional) < 2:
            return UNKNOWN
        function, trees = args.positional[0], args.positional[1:]
        leaves = tuple(_leaf_of(tree) for tree in trees)
        result = self.call_with(function, Arguments(leaves), node, frame)
        if all(t.kind.traced for t in trees):
            # The result has the structure of the first tree, a leaf of `f` per leaf: a dict of
            # Python floats mapped through `a + normal(k)` comes back a dict of strongly typed
            # arrays (measured on jax 0.10.2, case 810: the jitted step then compiles again).
            mapped = _map_leaves(trees, lambda matching: self.call_with(function, Arguments(matching), node, frame))
            if mapped is not None:
                return mapped
            return TRACED_TREE if result.kind.traced or result is UNKNOWN else UNKNOWN
        return UNKNOWN

    # == methods ==============================================================================

    def method_call(self, receiver: AbstractValue, method: str, node: cst.Call, frame: Frame) -> AbstractValue:
        """``receiver.method(...)``."""
        interp = self.interpreter
        kind = type(receiver)
        if kind is Instance:
            owner = receiver.cls  # type: ignore[attr-defined]
            if not isinstance(owner, str):
                return self._instance_method(receiver, owner, method, node, frame)  # type: ignore[arg-type]
            args = interp.arguments(node, frame)
            if owner == "argparse.ArgumentParser" and method == "add_argument":
                return self._added_argument(receiver, node, args, frame)  # type: ignore[arg-type]
            return self._library_method(owner, receiver, method, args, frame)  # type: ignore[arg-type]
        if kind is Library:  # `xp.sum(x)` with `xp` holding a module: that module's function
            return self.library_call(f"{receiver.name}.{method}", node, frame)  # type: ignore[attr-defined]
        if kind is _Super:
            return self._base_method(receiver, method, node, frame)  # type: ignore[arg-type]
        if kind is ClassRef:
            found = interp.class_attribute(receiver.cls, method)  # type: ignore[attr-defined]
            if type(found) is Function and found.function.method_kind == "class":  # type: ignore[attr-defined]
                found = Function(found.function, (receiver,))  # type: ignore[attr-defined]
            if type(found) is Transformed:
                args = _through_receiver(found, receiver, interp.arguments(node, frame))  # type: ignore[arg-type]
                return self.call_transformed(found, args, frame, node)  # type: ignore[arg-type]
            if found is not None:
                return self.call_value(found, node, frame)
            args = interp.arguments(node, frame)
            return self._fallback(node, args, frame)
        args = interp.arguments(node, frame)
        if frame.mode.traced:
            interp.checks.method(receiver, method, node, frame)
        if kind is Tracer or receiver is TRACED_TREE:
            return self._array_method(receiver, method, args, frame)
        if kind is HostArray:
            if method in ("item",):
                return STATIC
            if method == "tolist":
                return Sequence("list", None, STATIC)
            if method == "reshape" and args.positional:
                given = args.positional[0] if len(args.positional) == 1 else Sequence("tuple", tuple(args.positional))
                shape = _shape_of(given)  # `-1` is inferred: its size is not known here
                shape = tuple(d if d is None or d >= 0 else None for d in shape) if shape is not None else None
                return HostArray(receiver.library, shape, receiver.dtype, receiver.weak)  # type: ignore[attr-defined]
            if method == "astype":  # the same shape, strongly typed, of the dtype asked for
                numpy = receiver.library == "numpy"  # type: ignore[attr-defined]
                dtype = _dtype_name(args.positional[0], x64=numpy) if args.positional else None
                return HostArray(receiver.library, receiver.shape, dtype, False)  # type: ignore[attr-defined]
            if method in ("copy", "transpose", "squeeze", "ravel", "flatten"):
                shape = _rearranged_shape(receiver.shape, method, args)  # type: ignore[attr-defined]
                return HostArray(receiver.library, shape, receiver.dtype, receiver.weak)  # type: ignore[attr-defined]
            return HostArray(receiver.library)  # type: ignore[attr-defined]
        if kind is Sequence:
            return self._sequence_method(receiver, method, args, node, frame)  # type: ignore[arg-type]
        if kind is Mapping:
            return self._mapping_method(receiver, method, args, node, frame)  # type: ignore[arg-type]
        if kind is Const and isinstance(receiver.value, str):  # type: ignore[attr-defined]
            if method in ("split", "rsplit", "splitlines"):
                if all(type(a) is Const for a in args.positional) and not args.keywords:  # `"a b".split()`
                    parts = getattr(str, method)(receiver.value, *(a.value for a in args.positional))  # type: ignore[attr-defined]
                    return Sequence("list", tuple(Const(part) for part in parts))
                return Sequence("list", None, STR)
            if method in ("startswith", "endswith", "isdigit", "isalpha"):
                return BOOL
            return BYTES if method == "encode" else STR
        if receiver == STR and method == "encode":
            return BYTES
        if kind is Instance or kind is Function:
            return UNKNOWN
        if kind is Transformed:
            if method in ("lower", "trace", "eval_shape"):
                return STATIC
            return UNKNOWN
        if receiver is UNKNOWN or receiver is STATIC:
            return self._fallback(node, args, frame)
        return UNKNOWN

    def _base_method(self, base: _Super, method: str, node: cst.Call, frame: Frame) -> AbstractValue:
        """`super().__init__(step_size, num_steps)`: the base's method runs on the object being
        built, and what it assigns to `self` stays there (a subclass's constructor handing its
        arguments up: `self.K = num_steps` of the base is the object's field after it)."""
        interp = self.interpreter
        function = interp.find_method(base.cls, method)  # type: ignore[arg-type]
        if function is None or function.method_kind != "instance":
            interp.arguments(node, frame)
            return UNKNOWN
        callee = Function(function, (base.receiver,))
        result, after = interp.call_method(callee, interp.arguments(node, frame), frame.mode, frame, node)
        caller = frame.function
        if type(base.receiver) is Instance and caller is not None and caller.params:
            _keep_receiver(frame, cst.Name(caller.params[0].name), base.receiver, after)  # type: ignore[arg-type]
        return result

    def _instance_method(self, receiver: Instance, owner, method: str, node: cst.Call, frame: Frame) -> AbstractValue:
        interp = self.interpreter
        # Flax linen: `model.apply(variables, *args, method=...)` runs `__call__` (or the method).
        if method in ("apply", "init", "init_with_output") and nnlibs.is_linen_module_class(interp.staging, owner):
            args = interp.arguments(node, frame, skip=1)
            keywords = tuple((k, v) for k, v in args.keywords if k not in ("method", "rngs", "mutable"))
            target = interp.find_method(owner, "__call__")
            method_arg = dict(args.keywords).get("method")
            if type(method_arg) is Function:
                target = method_arg.function  # type: ignore[attr-defined]
            if target is None:
                return UNKNOWN
            result = interp.call(Function(target, (receiver,)), Arguments(args.positional, keywords, args.spread_positional, args.spread_keywords), frame.mode, frame, node)
            return result if method == "apply" else UNKNOWN
        field = receiver.field(method)
        if field is not None:
            return self.call_value(field, node, frame)
        found = interp.class_attribute(owner, method)
        if type(found) is Function:
            function = found.function  # type: ignore[attr-defined]
            kind = function.method_kind
            bound: tuple = (receiver,) if kind == "instance" else (ClassRef(owner),) if kind == "class" else ()
            args = interp.arguments(node, frame)
            callee = Function(function, bound + found.bound, found.keywords, found.partial, found.closure)  # type: ignore[attr-defined]
            result, after = interp.call_method(callee, args, frame.mode, frame, node)
            if kind == "instance":
                _keep_receiver(frame, node.func.value, receiver, after)  # type: ignore[attr-defined]
            return result
        if type(found) is Transformed:
            args = _through_receiver(found, receiver, interp.arguments(node, frame))  # type: ignore[arg-type]
            return self.call_transformed(found, args, frame, node)  # type: ignore[arg-type]
        if found is not None:
            return self.call_value(found, node, frame)
        held = interp.class_field(owner, method, frame)
        if held is not None and type(held) in (Function, Transformed):
            return self.call_value(held, node, frame)
        args = interp.arguments(node, frame)
        if method in ("replace", "_replace") and not args.positional:
            # A dataclass of a library base (flax's `struct.PyTreeNode`, a `NamedTuple`): a copy
            # with the fields given.
            return _replaced(receiver, args)
        return self._fallback(node, args, frame)

    def _array_method(self, receiver: AbstractValue, method: str, args: Arguments, frame: Frame) -> AbstractValue:
        abstract = _is_abstract(receiver) or receiver is TRACED_TREE
        if method in names.CONCRETIZING_METHODS:
            return STATIC if method != "tolist" else Sequence("list", None, STATIC)
        if receiver is TRACED_TREE and method not in names.ARRAY_METHODS:
            return UNKNOWN
        if method == "astype":  # strongly typed, of the dtype asked for
            dtype = _dtype_name(args.positional[0]) if args.positional else None
            return Tracer(getattr(receiver, "shape", None), dtype, False, abstract)
        if f"jax.numpy.{method}" in names.STRONG_REDUCTIONS:  # `x.sum()` is `jnp.sum(x)`
            made = _made_kind(f"jax.numpy.{method}", replace(args, positional=(receiver, *args.positional)))
            return Tracer(None, made.dtype if made.dtype != "?" else None, made.weak, abstract)  # type: ignore[union-attr]
        return TRACER if abstract else Tracer(abstract=False)

    def _sequence_method(self, receiver: Sequence, method: str, args: Arguments, node: cst.Call, frame: Frame) -> AbstractValue:
        if method in ("append", "extend", "insert"):
            added = args.positional[-1] if args.positional else UNKNOWN
            item = self.element(added, frame, node) if method == "extend" else added
            held = node.func.value  # type: ignore[attr-defined]
            if method == "append" and receiver.items is not None:
                grown = Sequence(receiver.type, receiver.items + (item,))
            else:
                known = receiver.length + 1 if method == "append" and receiver.length is not None else None
                grown = Sequence(receiver.type, None, join(receiver.item, item), known)
            if type(held) is cst.Name and held.value in frame.env:
                frame.env[held.value] = grown
            elif not frame.mode.traced and type(held) is cst.Attribute and type(held.value) is cst.Name and type(
                frame.env.get(held.value.value)
            ) is Instance:
                self.interpreter.assign(held, grown, frame, None)  # `self.layers.append(...)` in `__init__`
            return NONE
        if method == "pop":
            return receiver.item
        if method in ("index", "count"):
            return INT
        if method == "copy":
            return receiver
        return UNKNOWN

    def _mapping_method(self, receiver: Mapping, method: str, args: Arguments, node: cst.Call, frame: Frame) -> AbstractValue:
        if method == "get" or method == "pop" or method == "setdefault":
            key = args.positional[0] if args.positional else UNKNOWN
            default = args.positional[1] if len(args.positional) > 1 else NONE
            if type(key) is Const and isinstance(key.value, str):  # type: ignore[attr-defined]
                found = receiver.get(key.value)  # type: ignore[attr-defined]
                if found is not None:
                    return found
                return default if receiver.entries is not None else join(receiver.value, default)
            return join(receiver.value, default) if receiver.value is not BOTTOM else default
        if method == "items":
            key_value = Sequence("tuple", (STR, receiver.value)) if receiver.entries is None else Sequence(
                "tuple", (STR, receiver.value))
            return Sequence("list", None, key_value)
        if method == "values":
            return Sequence("list", None, receiver.value)
        if method == "keys":
            return Sequence("list", None, STR)
        if method == "copy":
            return receiver
        if method == "update":
            if type(node.func.value) is cst.Name and node.func.value.value in frame.env:  # type: ignore[attr-defined]
                added = args.positional[0] if args.positional else Mapping(args.keywords)
                merged = _merge_mappings(receiver, added)
                frame.env[node.func.value.value] = merged  # type: ignore[attr-defined]
            return NONE
        return UNKNOWN

    def _added_argument(self, parser: Instance, node: cst.Call, args: Arguments, frame: Frame) -> AbstractValue:
        """`parser.add_argument("--sizes", nargs="+", type=int)` on a parser held in a name: the
        parser the name holds from now on knows the option, and the `Namespace` it parses holds a
        `list` there when the option takes several values (`nargs` `"+"`, `"*"` or a number,
        `action="append"`; measured on Python 3.11), and a container default kept as it is."""
        held = node.func.value  # type: ignore[attr-defined]
        if type(held) is not cst.Name or held.value not in frame.env or not args.positional:  # type: ignore[attr-defined]
            return NONE
        flags = [v.value for v in args.positional if type(v) is Const and isinstance(v.value, str)]  # type: ignore[attr-defined]
        keywords = dict(args.keywords)
        dest = keywords.get("dest")
        long = next((f for f in flags if f.startswith("--")), None) or (flags[0] if flags else None)
        name = dest.value if type(dest) is Const else long.lstrip("-").replace("-", "_") if long else None  # type: ignore[attr-defined]
        if not name:
            return NONE
        nargs, action, default = keywords.get("nargs"), keywords.get("action"), keywords.get("default")
        several = type(nargs) is Const and (nargs.value in ("+", "*") or isinstance(nargs.value, int) and not isinstance(nargs.value, bool))  # type: ignore[attr-defined]
        appended = type(action) is Const and action.value in ("append", "extend")  # type: ignore[attr-defined]
        if several or appended:
            value: AbstractValue = Sequence("list", None, UNKNOWN)
        elif type(default) in (Sequence, Mapping) and type(nargs) is not Const and type(action) is not Const:
            value = default  # a container default; a command line gives a scalar option's value
        else:
            return NONE  # its value comes from the command line: not known here
        fields = tuple(f for f in parser.fields or () if f[0] != name) + ((name, value),)
        frame.env[held.value] = Instance(parser.cls, fields)  # type: ignore[attr-defined]
        return NONE

    def _library_method(self, owner: str, receiver: Instance, method: str, args: Arguments, frame: Frame) -> AbstractValue:
        if owner == "argparse.ArgumentParser":
            if method in ("parse_args", "parse_known_args"):
                namespace = Instance("argparse.Namespace", receiver.fields)
                return namespace if method == "parse_args" else Sequence("tuple", (namespace, Sequence("list", None, STR)))
            return UNKNOWN
        if owner == names.INDEX_HELPER:
            array = receiver.field("array") or UNKNOWN
            if method == "get":
                return TRACER if _is_abstract(array) or array is TRACED_TREE else array
            if type(array) is HostArray:
                return HostArray("jax", array.shape, array.dtype)  # type: ignore[attr-defined]
            if type(array) is Tracer:
                return array
            return TRACER if array is TRACED_TREE else UNKNOWN
        if owner.startswith("numpy.random."):
            return _host_draw(method, args)
        if owner in names.LOGGER_CLASSES and method in names.LOGGER_RETURNING_METHODS:
            return receiver
        return UNKNOWN

    # == attributes =============================================================================

    def attribute(self, base: AbstractValue, attr: str, frame: Frame | None, node: cst.Attribute | None) -> AbstractValue:
        interp = self.interpreter
        kind = type(base)
        if kind is Tracer or kind is HostArray or base is TRACED_TREE:
            if attr == names.INDEX_UPDATE_ATTRIBUTE:
                return Instance(names.INDEX_HELPER, (("array", base),))
            if attr in names.STATIC_ARRAY_ATTRIBUTES:
                shape = getattr(base, "shape", None)
                # A traced value with a shape is an array of the data; a host array's shape is a
                # constant of the program.
                unknown = INT if kind is HostArray else DIMENSION
                if attr == "shape":
                    if shape is not None:
                        traced = kind is not HostArray
                        return Sequence("tuple", tuple(Const(d, traced) if d is not None else unknown for d in shape))
                    return Sequence("tuple", None, unknown)
                if attr == "ndim":
                    return Const(len(shape)) if shape is not None else INT
                if attr == "size":
                    if shape is not None and None not in shape:
                        return Const(math.prod(shape), kind is not HostArray)  # type: ignore[arg-type]
                    return unknown
                return STATIC
            if attr in names.ARRAY_ATTRIBUTES:
                if kind is HostArray:
                    return base
                return TRACER if _is_abstract(base) or base is TRACED_TREE else Tracer(abstract=False)
            if base is TRACED_TREE and frame is not None and node is not None:
                return self._pytree_field(node, frame)
            return UNKNOWN
        if kind is Instance:
            field = base.field(attr)  # type: ignore[attr-defined]
            if field is not None:
                return field
            owner = base.cls  # type: ignore[attr-defined]
            if isinstance(owner, str):
                return UNKNOWN
            if attr == "__class__":
                return ClassRef(owner)
            found = interp.class_attribute(owner, attr)
            if type(found) is Function:
                function = found.function  # type: ignore[attr-defined]
                if _is_property(function):
                    mode = frame.mode if frame else _host_mode()
                    result, after = interp.call_method(Function(function, (base,)), _no_arguments(), mode, frame, node)
                    if frame is not None and node is not None:
                        _keep_receiver(frame, node.value, base, after)  # a property that caches on `self`
                    return result
                kind_of = function.method_kind
                if kind_of == "instance":
                    return Function(function, (base,) + found.bound, found.keywords, found.partial, found.closure)  # type: ignore[attr-defined]
                if kind_of == "class":
                    return Function(function, (ClassRef(owner),))
                return found
            if found is not None:
                return found
            held = interp.class_field(owner, attr, frame)
            if held is not None:
                return held
            if base.pytree and base.fields is None:  # type: ignore[attr-defined]
                static = interp.objects.static_fields(owner) or frozenset()
                if attr in interp.objects.annotated_fields(owner):
                    return UNKNOWN if attr in static else TRACED_TREE
            if not base.pytree:  # type: ignore[attr-defined]
                return self._declared_scalar(owner, attr)
            return UNKNOWN
        if kind is ClassRef:
            found = interp.class_attribute(base.cls, attr)  # type: ignore[attr-defined]
            if type(found) is Function and found.function.method_kind == "class":  # type: ignore[attr-defined]
                return Function(found.function, (base,))  # type: ignore[attr-defined]
            return found if found is not None else STATIC
        if kind is Library:
            return Library(f"{base.name}.{attr}")  # type: ignore[attr-defined]
        if kind is Const:
            if attr in ("real", "imag") and isinstance(base.value, (int, float, complex)):  # type: ignore[attr-defined]
                return STATIC
            return STATIC
        if kind is Scalar:
            return STATIC
        if kind is Mapping or kind is Sequence:
            return UNKNOWN
        if base is STATIC:
            return STATIC
        return UNKNOWN

    def _declared_scalar(self, owner: ClassInfo, attr: str) -> AbstractValue:
        """A field of an object that is no pytree, whose value the analysis does not know but
        whose class body declares it a Python number (`num_live_points: int` of a dataclass
        built in another module): the host put that number there, and jit does not trace an
        object's fields, so it is a Python value at trace time, never None (a test
        `S is None` on it is False)."""
        declared = self.interpreter.objects.field_declarations(owner).get(attr)
        annotation = declared.annotation.annotation if declared is not None else None
        if type(annotation) is not cst.Name or annotation.value not in names.SCALAR_ANNOTATIONS:  # type: ignore[union-attr]
            return UNKNOWN
        if annotation_kind(annotation, owner.parent or owner, self.interpreter.resolver) != "scalar":
            return UNKNOWN
        return Scalar(annotation.value)  # type: ignore[union-attr]

    def _pytree_field(self, node: cst.Attribute, frame: Frame) -> AbstractValue:
        """A field of a traced argument whose class the name-based analysis knows."""
        interp = self.interpreter
        if type(node.value) is not cst.Name:
            return UNKNOWN
        owner = interp.staging.instance_class(node.value.value, frame.scope)
        static = interp.objects.static_fields(owner) if owner is not None else None
        if static is None:
            return UNKNOWN
        return UNKNOWN if node.attr.value in static else TRACED_TREE

    # == subscripts =============================================================================

    def subscript(self, base: AbstractValue, indices: list[AbstractValue], frame: Frame, node: cst.Subscript) -> AbstractValue:
        kind = type(base)
        index = indices[0] if len(indices) == 1 else Sequence("tuple", tuple(indices))
        if kind is Tracer:
            return Tracer(_indexed_shape(base.shape, indices), base.dtype, base.weak, base.abstract)  # type: ignore[attr-defined]
        if base is TRACED_TREE:
            return TRACED_TREE
        if kind is HostArray:
            if any(_is_abstract(i) for i in indices):
                # NumPy converts the tracer (TracerArrayConversionError); a JAX array gathers.
                return TRACER if base.library == "jax" else UNKNOWN  # type: ignore[attr-defined]
            if any(type(i) is Tracer for i in indices):
                return Tracer(abstract=False)
            return HostArray(base.library, _indexed_shape(base.shape, indices), base.dtype)  # type: ignore[attr-defined]
        if kind is Sequence:
            if type(index) is Const and isinstance(index.value, int) and not isinstance(index.value, bool):  # type: ignore[attr-defined]
                items = base.items  # type: ignore[attr-defined]
                if items is not None:
                    try:
                        return items[index.value]  # type: ignore[attr-defined]
                    except IndexError:
                        return UNKNOWN
                return base.item  # type: ignore[attr-defined]
            if type(index) is SliceValue:
                bounds = index.bounds  # type: ignore[attr-defined]
                items = base.items  # type: ignore[attr-defined]
                if items is not None and all(type(b) is Const and (b.value is None or isinstance(b.value, int)) for b in bounds):  # type: ignore[attr-defined]
                    start, stop, step = (b.value for b in bounds)  # type: ignore[attr-defined]
                    try:
                        return Sequence(base.type, items[slice(start, stop, step)])  # type: ignore[attr-defined]
                    except ValueError:
                        return UNKNOWN
                known = base.length  # type: ignore[attr-defined]
                if known is not None and all(type(b) is Const and (b.value is None or type(b.value) is int) for b in bounds):  # type: ignore[attr-defined]
                    try:  # `cuts[:-1]` of a list of known length: as long as that slice of a range
                        return Sequence(base.type, None, base.item, len(range(known)[slice(*(b.value for b in bounds))]))  # type: ignore[attr-defined]
                    except ValueError:
                        return UNKNOWN
                return Sequence(base.type, None, base.item)  # type: ignore[attr-defined]
            if _is_abstract(index):
                return UNKNOWN  # a Python list indexed by a tracer: TracerIntegerConversionError
            return base.item  # type: ignore[attr-defined]
        if kind is Mapping:
            if type(index) is Const and isinstance(index.value, str):  # type: ignore[attr-defined]
                found = base.get(index.value)  # type: ignore[attr-defined]
                return found if found is not None else UNKNOWN
            return base.value if base.value is not BOTTOM else UNKNOWN  # type: ignore[attr-defined]
        if kind is Instance and base.cls == names.INDEX_HELPER:  # type: ignore[attr-defined]
            return base  # `x.at[i]`: its methods give the array back
        if kind is Instance and base.pytree and base.fields is not None and type(index) is Const and isinstance(index.value, int):  # type: ignore[attr-defined]
            fields = base.fields  # type: ignore[attr-defined]
            if self.interpreter.objects.is_named_tuple(base.cls) and -len(fields) <= index.value < len(fields):  # type: ignore[attr-defined]
                return fields[index.value][1]  # type: ignore[attr-defined]
            return UNKNOWN
        if kind is Const and isinstance(base.value, (str, tuple, bytes)):  # type: ignore[attr-defined]
            if type(index) is Const:
                try:
                    return Const(base.value[index.value])  # type: ignore[attr-defined]
                except (IndexError, TypeError, KeyError):
                    return UNKNOWN
            return STATIC
        if kind is Library:
            return STATIC  # `Array[...]`, `typing.Tuple[...]`
        if base.kind is Value.STATIC and all(i.kind is Value.STATIC for i in indices):
            return STATIC
        return UNKNOWN

    def store_item(self, holder: AbstractValue, target: cst.Subscript, value: AbstractValue, frame: Frame) -> AbstractValue | None:
        """The container after `holder[key] = value` (None: it cannot be told)."""
        if type(holder) is Mapping:
            elements = target.slice
            key_node = elements[0].slice.value if len(elements) == 1 and type(elements[0].slice) is cst.Index else None  # type: ignore[attr-defined]
            key = self.interpreter.evaluate(key_node, frame) if key_node is not None else UNKNOWN
            if type(key) is Const and isinstance(key.value, str) and holder.entries is not None:  # type: ignore[attr-defined]
                entries = [(k, v) for k, v in holder.entries if k != key.value]  # type: ignore[attr-defined]
                entries.append((key.value, value))  # type: ignore[attr-defined]
                return Mapping(tuple(entries))
            return Mapping(None, join(holder.value, value))
        if type(holder) is Sequence and holder.type == "list":
            return Sequence("list", None, join(holder.item, value))
        return None

    # == operators ==============================================================================

    def binary(self, operator_name: str, left: AbstractValue, right: AbstractValue, frame: Frame, node: cst.CSTNode) -> AbstractValue:
        if left is BOTTOM or right is BOTTOM:
            if _is_abstract(left) or _is_abstract(right):
                return TRACER
            return BOTTOM
        lk, rk = type(left), type(right)
        if _is_abstract(left) or _is_abstract(right):
            if lk is Sequence or rk is Sequence:
                if operator_name == "Multiply":
                    return UNKNOWN  # a list repeated a traced number of times: raises
            kind = _promoted(operator_name, left, right)
            if kind is not None:
                return Tracer(None, kind.dtype if kind.dtype != "?" else None, kind.weak, True)
            return Tracer(None, None, None, True)
        if left is TRACED_TREE or right is TRACED_TREE:
            other = right if left is TRACED_TREE else left
            if other.kind in (Value.STATIC, Value.TREE, Value.ARRAY):
                return TRACER
            return UNKNOWN
        if lk is Tracer or rk is Tracer:
            kind = _promoted(operator_name, left, right)
            if kind is not None:
                return Tracer(None, kind.dtype if kind.dtype != "?" else None, kind.weak, False)
            return Tracer(abstract=False)
        if lk is HostArray or rk is HostArray:
            array = left if lk is HostArray else right
            shape = _elementwise_shape(left, right) if operator_name != "MatrixMultiply" else None
            kind = _promoted(operator_name, left, right) if array.library == "jax" else None  # type: ignore[attr-defined]
            if kind is not None:
                return HostArray("jax", shape, kind.dtype if kind.dtype != "?" else None, kind.weak)
            return HostArray(array.library, shape)  # type: ignore[attr-defined]
        if lk is Const and rk is Const:
            folded = _fold_binary(operator_name, left.value, right.value)  # type: ignore[attr-defined]
            if operator_name in _DIMENSION_ARITHMETIC and (left.dimension or right.dimension) and type(folded) is Const:  # type: ignore[attr-defined]
                return Const(folded.value, dimension=True)  # type: ignore[attr-defined]  # `x.shape[0] // batch`
            return folded
        if lk is Sequence and rk is Sequence and operator_name == "Add":
            if left.items is not None and right.items is not None:  # type: ignore[attr-defined]
                return Sequence(left.type, left.items + right.items)  # type: ignore[attr-defined]
            return Sequence(left.type, None, join(left.item, right.item))  # type: ignore[attr-defined]
        if lk is Sequence and operator_name == "Multiply":
            if rk is Const and isinstance(right.value, int) and left.items is not None and 0 <= right.value * len(left.items) <= 64:  # type: ignore[attr-defined]
                return Sequence(left.type, left.items * right.value)  # type: ignore[attr-defined]
            times = right.value if rk is Const and isinstance(right.value, int) and right.value >= 0 else None  # type: ignore[attr-defined]
            length = left.length * times if left.length is not None and times is not None else None  # type: ignore[attr-defined]
            return Sequence(left.type, None, left.item, length)  # type: ignore[attr-defined]
        if (lk is Const and isinstance(left.value, str)) and operator_name == "Modulo":  # type: ignore[attr-defined]
            return STR
        scalar = _scalar_result(operator_name, left, right)
        if scalar is not None:
            return scalar
        if left.kind is Value.STATIC and right.kind is Value.STATIC:
            return STATIC
        if left.kind.traced or right.kind.traced:
            return TRACER
        return UNKNOWN

    def unary(self, operator_name: str, operand: AbstractValue, frame: Frame, node: cst.CSTNode) -> AbstractValue:
        kind = type(operand)
        if kind is Tracer:
            return operand
        if operand is TRACED_TREE:
            return TRACER
        if kind is Const:
            try:
                value = operand.value  # type: ignore[attr-defined]
                return Const({"Minus": operator.neg, "Plus": operator.pos, "BitInvert": operator.invert}[operator_name](value))
            except (TypeError, KeyError):
                return UNKNOWN
        return operand if operand.kind is Value.STATIC else UNKNOWN

    def compare(self, operator_name: str, left: AbstractValue, right: AbstractValue, frame: Frame, node: cst.CSTNode) -> AbstractValue:
        if operator_name in ("Is", "IsNot"):
            outcome = _identity(left, right)
            if outcome is None:
                return BOOL if left is not BOTTOM and right is not BOTTOM else BOTTOM
            return Const(outcome if operator_name == "Is" else not outcome)
        if operator_name in ("In", "NotIn"):
            if type(right) is Sequence and _is_abstract(left):
                return TRACER  # `x in [1, 2]` compares the tracer with each item
            if type(left) is Const and type(right) is Mapping and right.entries is not None and isinstance(left.value, str):  # type: ignore[attr-defined]
                present = any(k == left.value for k, _ in right.entries)  # type: ignore[attr-defined]
                return Const(present if operator_name == "In" else not present)
            if type(left) is Const and type(right) is Sequence and right.items is not None and all(type(i) is Const for i in right.items):  # type: ignore[attr-defined]
                present = any(i.value == left.value for i in right.items)  # type: ignore[attr-defined]
                return Const(present if operator_name == "In" else not present)
            return BOOL if left.kind is Value.STATIC and right.kind is Value.STATIC else UNKNOWN
        ordering = operator_name in ("LessThan", "LessThanEqual", "GreaterThan", "GreaterThanEqual")
        if _is_abstract(left) or _is_abstract(right):
            return BOOL_TRACER
        if ordering and (left is TRACED_TREE or right is TRACED_TREE):
            return BOOL_TRACER
        if type(left) is Tracer or type(right) is Tracer:
            return Tracer(abstract=False)
        if type(left) is Const and type(right) is Const:
            try:
                return Const(bool(_COMPARISONS[operator_name](left.value, right.value)))  # type: ignore[attr-defined]
            except TypeError:
                return UNKNOWN
        if type(left) is HostArray or type(right) is HostArray:
            return HostArray("numpy")
        if left is BOTTOM or right is BOTTOM:
            return BOTTOM
        if left.kind is Value.STATIC and right.kind is Value.STATIC:
            return BOOL
        return UNKNOWN

    # == iteration and unpacking ================================================================

    def element(self, iterable: AbstractValue, frame: Frame, node: cst.CSTNode | None) -> AbstractValue:
        """What each iteration over ``iterable`` binds."""
        kind = type(iterable)
        if kind is Sequence:
            return iterable.item if iterable.item is not BOTTOM else UNKNOWN  # type: ignore[attr-defined]
        if kind is Mapping:
            return STR
        if kind is Tracer:
            return Tracer(None, iterable.dtype, iterable.weak, iterable.abstract)  # type: ignore[attr-defined]
        if iterable is TRACED_TREE:
            return TRACED_TREE
        if kind is HostArray:
            # A row keeps the dtype and weak type (measured on jax 0.10.2: the elements of
            # `jnp.linspace(...)` are strong float32 scalars, a weak array's are weak).
            return HostArray(iterable.library, None, iterable.dtype, iterable.weak)  # type: ignore[attr-defined]
        if kind is Const and isinstance(iterable.value, str):  # type: ignore[attr-defined]
            return STR
        if iterable is STATIC or kind is Scalar:
            return STATIC
        if kind is Instance and not isinstance(iterable.cls, str) and node is not None:  # type: ignore[attr-defined]
            # An object of the checked code iterated: what its `__iter__` gives (a loader's batches).
            method = self.interpreter.find_method(iterable.cls, "__iter__")  # type: ignore[attr-defined]
            if method is not None:
                iterator = self.interpreter.call(Function(method, (iterable,)), Arguments(()), frame.mode, frame, node)
                if type(iterator) is Sequence:
                    return self.element(iterator, frame, None)
        return UNKNOWN

    def unpack(self, value: AbstractValue, count: int, starred: bool, frame: Frame) -> list[AbstractValue]:
        """The values of ``count`` names unpacked from ``value`` (`a, b = value`)."""
        kind = type(value)
        if kind is Sequence and value.items is not None and not starred and len(value.items) == count:  # type: ignore[attr-defined]
            return list(value.items)  # type: ignore[attr-defined]
        if kind is Instance and value.pytree and value.fields is not None and len(value.fields) == count:  # type: ignore[attr-defined]
            return [v for _, v in value.fields]  # type: ignore[attr-defined]
        if kind is Sequence and value.items is not None and starred:  # type: ignore[attr-defined]
            return [join_all(value.items) if value.items else UNKNOWN] * count  # type: ignore[attr-defined]
        element = self.element(value, frame, None)
        if value is TRACED_TREE:
            element = TRACED_TREE
        return [element] * count

    def entered(self, value: AbstractValue) -> AbstractValue:
        """What `with value as name:` binds."""
        if type(value) is Instance and value.cls == COMPILE_TIME_EVAL:  # type: ignore[attr-defined]
            return NONE
        return UNKNOWN if type(value) is not Instance else value


class _PartialLibrary(Library):
    """`functools.partial` of a library function."""

    __slots__ = ("bound", "keywords")

    def __init__(self, name: str, bound: tuple, keywords: tuple) -> None:
        super().__init__(name)
        self.bound = bound
        self.keywords = keywords


PartialLibraryType = _PartialLibrary


class _PartialJitted(AbstractValue):
    """`functools.partial` of a jitted callable: its arguments come first at every call."""

    __slots__ = ("jitted", "bound", "keywords", "written", "_hash")

    def __init__(self, jitted: Transformed, bound: tuple, keywords: tuple, written: cst.BaseExpression) -> None:
        self.jitted = jitted
        self.bound = bound
        self.keywords = keywords
        self.written = written  # the jitted callable as `partial(...)` is given it
        self._hash = hash((jitted, bound, keywords))

    @property
    def kind(self) -> Value:
        return Value.STATIC

    def __eq__(self, other: object) -> bool:
        return type(other) is _PartialJitted and (self.jitted, self.bound, self.keywords) == (
            other.jitted, other.bound, other.keywords)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return self._hash


# -- helpers --------------------------------------------------------------------------------

_LIBRARY_INSTANCES = {
    "argparse.ArgumentParser": "argparse.ArgumentParser",
    "argparse.Namespace": "argparse.Namespace",
    "types.SimpleNamespace": "types.SimpleNamespace",
}
_COMPARISONS = {
    "Equal": operator.eq, "NotEqual": operator.ne, "LessThan": operator.lt, "LessThanEqual": operator.le,
    "GreaterThan": operator.gt, "GreaterThanEqual": operator.ge,
}
_BINARY = {
    "Add": operator.add, "Subtract": operator.sub, "Multiply": operator.mul, "Divide": operator.truediv,
    "FloorDivide": operator.floordiv, "Modulo": operator.mod, "Power": operator.pow, "LeftShift": operator.lshift,
    "RightShift": operator.rshift, "BitAnd": operator.and_, "BitOr": operator.or_, "BitXor": operator.xor,
    "MatrixMultiply": operator.matmul,
}


def _fold_binary(operator_name: str, left: object, right: object) -> AbstractValue:
    function = _BINARY.get(operator_name)
    if function is None:
        return UNKNOWN
    if operator_name in ("Power", "LeftShift") and isinstance(right, int) and abs(right) > 64:
        return STATIC
    if operator_name == "Multiply" and isinstance(left, (str, bytes)) and isinstance(right, int) and right > 64:
        return STR
    if operator_name == "Modulo" and isinstance(left, str):
        return STR
    try:
        result = function(left, right)
    except Exception:  # noqa: BLE001 - what Python would raise: nothing is known
        return UNKNOWN
    if isinstance(result, (int, float, complex, bool, str, bytes)) or result is None:
        if isinstance(result, int) and result.bit_length() > 256:
            return Scalar("int")
        if isinstance(result, (str, bytes)) and len(result) > 256:
            return STR
        return Const(result)
    return STATIC


def _scalar_result(operator_name: str, left: AbstractValue, right: AbstractValue) -> AbstractValue | None:
    mixed = mixed_number([left, right]) if MixedNumber in (type(left), type(right)) else None
    if mixed is not None:
        # A float operand or `/` makes a float whatever the other is; else the mix remains.
        floats = operator_name == "Divide" or any(python_number_type(v) == "float" for v in (left, right))
        return FLOAT if floats else mixed
    types = []
    for value in (left, right):
        if type(value) is Scalar:
            types.append(value.type)  # type: ignore[attr-defined]
        elif type(value) is Const and isinstance(value.value, (int, float, bool)):  # type: ignore[attr-defined]
            types.append("float" if isinstance(value.value, float) else "int")  # type: ignore[attr-defined]
        else:
            return None
    if "str" in types:
        return STR
    if operator_name == "Divide" or "float" in types:
        return Scalar("float")
    if operator_name in _DIMENSION_ARITHMETIC and any(type(v) is Scalar and v.dimension for v in (left, right)):  # type: ignore[attr-defined]
        return DIMENSION  # `x.shape[1] - 1 - t`: still follows the data's length
    return Scalar("int")


_DIMENSION_ARITHMETIC = frozenset({"Add", "Subtract", "Multiply", "FloorDivide"})


def _of_checked_class(value: AbstractValue) -> bool:
    """An object of a class of the checked code: `type(value)` is that class (the one its
    constructor call named), so `type(self)(...)` builds another of them."""
    return type(value) is Instance and not isinstance(value.cls, str)  # type: ignore[attr-defined]


def _identity(left: AbstractValue, right: AbstractValue) -> bool | None:
    """Whether `left is right` is known: for None against anything known not to be None, and
    for two library objects: one qualified name names one object, and the array namespaces
    (`xp is jnp` of `xp = jnp if isinstance(x, jax.Array) else np`) are distinct modules."""
    if type(left) is Library and type(right) is Library:
        if left.name == right.name:  # type: ignore[attr-defined]
            return True
        return False if {left.name, right.name} <= names.ARRAY_NAMESPACES else None  # type: ignore[attr-defined]
    if right == NONE:
        left, right = right, left
    if left != NONE:
        if type(left) is Const and type(right) is Const and type(left.value) is bool and type(right.value) is bool:  # type: ignore[attr-defined]
            return left.value is right.value  # type: ignore[attr-defined]
        return None
    if right == NONE:
        return True
    if type(right) in (Tracer, HostArray, Sequence, Mapping, Function, Transformed, ClassRef, Library, Scalar):
        return False
    if type(right) is Instance:
        return False
    if type(right) is Const:
        return False
    return None


def _fold_math(qualified: str, args: Arguments) -> AbstractValue | None:
    function = getattr(math, qualified.removeprefix("math."), None)
    if function is None or not callable(function):
        return Const(function) if isinstance(function, float) else None
    values = args.positional
    if values and all(type(v) is Const and isinstance(v.value, (int, float)) for v in values):  # type: ignore[attr-defined]
        try:
            result = function(*(v.value for v in values))  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001
            return UNKNOWN
        return Const(result) if isinstance(result, (int, float, bool)) else STATIC
    return None


def _elementwise_shape(left: AbstractValue, right: AbstractValue) -> tuple[int | None, ...] | None:
    """The shape of an elementwise operation on an array and a Python number (the array's), or
    on two arrays of known shapes, broadcast by NumPy's rule (`x[:, None] * jnp.ones((1, 3))`
    of 8 rows: (8, 3)); None where a size is not known or the shapes do not broadcast."""
    shapes = [() if type(v) in (Const, ScalarType) and python_number_type(v) else getattr(v, "shape", None) for v in (left, right)]
    if any(shape is None or None in shape for shape in shapes):
        return None
    broadcast: list[int | None] = []
    for a, b in itertools.zip_longest(reversed(shapes[0]), reversed(shapes[1]), fillvalue=1):  # type: ignore[arg-type]
        if a != b and 1 not in (a, b):
            return None
        broadcast.append(b if a == 1 else a)
    return tuple(reversed(broadcast))


def _indexed_shape(shape: tuple[int | None, ...] | None, indices: list[AbstractValue]) -> tuple[int | None, ...] | None:
    """The shape of basic indexing with constants: an integer drops its dimension, a slice of
    constant bounds keeps as many as `range` would (`keys[1:-1]` of 50 keys: 48), `None` adds a
    dimension of 1, a dimension not indexed stays (NumPy's and jax's rules for basic indexing).
    None where anything else indexes (a tracer, an array, `...`) or the shape is not known."""
    if shape is None:
        return None
    result: list[int | None] = []
    position = 0
    for index in indices:
        if type(index) is Const and index.value is None:  # type: ignore[attr-defined]
            result.append(1)
            continue
        if position >= len(shape):
            return None
        size = shape[position]
        position += 1
        if type(index) is Const and type(index.value) is int:  # type: ignore[attr-defined]
            continue
        if type(index) is not SliceValue:
            return None
        bounds = [b.value if type(b) is Const and (b.value is None or type(b.value) is int) else index for b in index.bounds]  # type: ignore[attr-defined]
        if index in bounds or bounds[2] == 0:
            return None
        if size is None:
            result.append(None if bounds != [None, None, None] else size)
        else:
            result.append(len(range(size)[slice(*bounds)]))
    return (*result, *shape[position:])


def _shape_of(value: AbstractValue) -> tuple[int | None, ...] | None:
    """The shape a size or a tuple of sizes gives, a size not known (or `-1`) as None."""
    def size(item: AbstractValue) -> int | None:
        known = type(item) is Const and type(item.value) is int and item.value >= 0  # type: ignore[attr-defined]
        return item.value if known else None  # type: ignore[attr-defined]

    if type(value) is Const and type(value.value) is int:  # type: ignore[attr-defined]
        return (size(value),)
    if type(value) is Sequence and value.items is not None:  # type: ignore[attr-defined]
        return tuple(size(v) for v in value.items)  # type: ignore[attr-defined]
    return None


def _sized_shape(name: str, args: Arguments) -> tuple[int, ...] | None:
    """The shape of a NumPy or jax.numpy constructor sized by counts rather than a shape, where
    they are known Python numbers: `arange(start, stop, step)` has ceil((stop - start) / step)
    items, `linspace`/`logspace`/`geomspace` `num` (50 by default), `eye(N, M)` is (N, M) and
    `identity(n)` (n, n) (measured on jax 0.10.2: bench/measure_sized_constructors.py)."""
    def number(position: int, keyword: str, default: object = None) -> object:
        given = args.positional[position] if position < len(args.positional) else dict(args.keywords).get(keyword)
        if given is None:
            return default
        value = given.value if type(given) is Const else None  # type: ignore[attr-defined]
        return value if type(value) in (int, float) else None

    if args.spread_positional or args.spread_keywords:
        return None
    if name == "arange":
        bounds = [number(0, "start"), number(1, "stop", _ABSENT), number(2, "step", 1)]
        if bounds[1] is _ABSENT:
            bounds = [0, bounds[0], bounds[2]]
        start, stop, step = bounds
        if any(b is None or b is _ABSENT for b in bounds) or not step:
            return None
        return (max(math.ceil((stop - start) / step), 0),)  # type: ignore[operator]
    if name in ("linspace", "logspace", "geomspace"):
        num = number(2, "num", 50)
        return (num,) if type(num) is int and num >= 0 else None
    if name in ("eye", "identity"):
        rows = number(0, "N" if name == "eye" else "n")
        columns = number(1, "M", rows) if name == "eye" else rows
        known = type(rows) is int and type(columns) is int and rows >= 0 and columns >= 0  # type: ignore[operator]
        return (rows, columns) if known else None  # type: ignore[return-value]
    return None


_ABSENT = object()
_JOINING = frozenset({"concatenate", "stack", "vstack", "hstack"})


def _joined_shape(name: str, args: Arguments) -> tuple[int, ...] | None:
    """The shape of `concatenate`, `stack`, `vstack` or `hstack` of a list or tuple of arrays
    whose shapes are all known: the pieces' lengths summed along the axis (`axis=0` unless a
    known number says), or a new leading axis of their count for `stack` of equal shapes
    (measured on jax 0.10.2: bench/measure_sized_constructors.py)."""
    pieces = known_items(args.positional[0]) if len(args.positional) == 1 else None
    if not pieces:
        return None
    shapes = [getattr(p, "shape", None) if type(p) in (HostArray, Tracer) else None for p in pieces]
    if any(shape is None or None in shape for shape in shapes):
        return None
    axis_given = dict(args.keywords).get("axis", Const(0))
    axis = axis_given.value if type(axis_given) is Const else None  # type: ignore[attr-defined]
    if type(axis) is not int or args.spread_keywords:
        return None
    if name == "stack":
        if len(set(shapes)) != 1 or not -len(shapes[0]) - 1 <= axis <= len(shapes[0]):  # type: ignore[arg-type]
            return None
        shape = list(shapes[0])  # type: ignore[arg-type]
        shape.insert(axis % (len(shape) + 1), len(pieces))
        return tuple(shape)
    if name == "vstack":
        shapes = [shape if len(shape) >= 2 else (1, *shape) for shape in shapes]  # type: ignore[arg-type]
        axis = 0
    elif name == "hstack":
        axis = 0 if len(shapes[0]) == 1 else 1  # type: ignore[arg-type]
    ranks = {len(shape) for shape in shapes}  # type: ignore[arg-type]
    if len(ranks) != 1 or not -ranks.copy().pop() <= axis < ranks.copy().pop():
        return None
    axis %= ranks.pop()
    others = {shape[:axis] + shape[axis + 1:] for shape in shapes}  # type: ignore[index]
    if len(others) != 1:
        return None
    first = shapes[0]
    return (*first[:axis], sum(shape[axis] for shape in shapes), *first[axis + 1:])  # type: ignore[index]


def _host_draw(sampler: str, args: Arguments) -> AbstractValue:
    """What a NumPy sampler draws: an array shaped by its `size` where that is known
    (`rng.uniform(0, 1, (n, 3))`, `np.random.randn(n, 3)`)."""
    if sampler in ("rand", "randn"):
        return HostArray("numpy", _shape_of(Sequence("tuple", args.positional)) if args.positional else None)
    position = names.HOST_SAMPLER_SIZES.get(sampler)
    if position is None:
        return HostArray("numpy")
    size = args.positional[position] if position < len(args.positional) else dict(args.keywords).get("size", UNKNOWN)
    return HostArray("numpy", _shape_of(size))


def _to_host(value: AbstractValue, library_name: str) -> AbstractValue:
    if type(value) in (Tracer, HostArray):
        return HostArray(library_name, getattr(value, "shape", None), getattr(value, "dtype", None))
    return value if value.kind is Value.STATIC else UNKNOWN


def _text_type(value: AbstractValue) -> str | None:
    """`str` or `bytes` when ``value`` is a list or tuple of them only (`np.array` of it holds
    text: `np.array([b"a", b"b"])` has dtype `|S1`), else None."""
    items = container_items(value) if type(value) is Sequence else None
    types = {_scalar_type_name(item) for item in items} if items else {None}
    return types.pop() if len(types) == 1 and types <= {"str", "bytes"} else None


def _scalar_type_name(value: AbstractValue) -> str | None:
    if type(value) is Scalar:
        return value.type  # type: ignore[attr-defined]
    return type(value.value).__name__ if type(value) is Const and isinstance(value.value, (str, bytes)) else None  # type: ignore[attr-defined]


def _equinox_layer(qualified: str, args: Arguments) -> AbstractValue:
    """An equinox layer of :data:`names.EQUINOX_LAYER_LEAVES`, holding as fields (by parameter
    name) what its constructor keeps as leaves: the arguments given, or the library function a
    parameter not given defaults to. Unknown when a spread may fill them."""
    if args.spread_positional or args.spread_keywords:
        return UNKNOWN
    keywords = dict(args.keywords)
    fields = []
    for param, position, default in names.EQUINOX_LAYER_LEAVES[qualified]:
        if position is not None and param in keywords:
            fields.append((param, keywords[param]))
        elif position is not None and position < len(args.positional):
            fields.append((param, args.positional[position]))
        elif default is not None:
            fields.append((param, Library(default)))
        else:
            return UNKNOWN
    return Instance(qualified, tuple(fields))


def _keyword_fields(args: Arguments) -> tuple[tuple[str, AbstractValue], ...] | None:
    return tuple(args.keywords) if not args.spread_keywords else None


def _merge_mappings(a: Mapping, b: AbstractValue) -> AbstractValue:
    if type(b) is Mapping and a.entries is not None and b.entries is not None:  # type: ignore[attr-defined]
        entries = dict(a.entries)
        entries.update(dict(b.entries))  # type: ignore[attr-defined]
        return Mapping(tuple(entries.items()))
    return Mapping(None, join(a.value, b.value if type(b) is Mapping else UNKNOWN))  # type: ignore[attr-defined]


def _map_leaves(
    trees: tuple[AbstractValue, ...] | list[AbstractValue], apply: Callable[[tuple[AbstractValue, ...]], AbstractValue],
    depth: int = 0,
) -> AbstractValue | None:
    """What `tree_map` returns for ``trees`` when the structure of the first is known to the
    leaves: its dicts (known keys), tuples and lists (known items) and `None`s, with ``apply``
    of the matching leaves (arrays, numbers) in place of each leaf. A later tree whose
    structure is not known gives each leaf what any of its leaves may be. None where the first
    tree's structure is not known, or a later one's differs from it (jax raises then)."""
    first, rest = trees[0], list(trees[1:])
    if depth > 4:
        return None
    structure = _known_children(first)
    if structure is not None:
        layout, children, rebuild = structure
        others = [_known_children(tree) if type(tree) is type(first) else None for tree in rest]
        if any(other is not None and other[0] != layout for other in others):
            return None
        values = []
        for index, child in enumerate(children):
            # a later tree whose structure is not known stands for each of its children
            matching = [child, *(tree if other is None else other[1][index] for tree, other in zip(rest, others))]
            value = _map_leaves(matching, apply, depth + 1)
            if value is None:
                return None
            values.append(value)
        return rebuild(values)
    if type(first) is Const and first.value is None:  # type: ignore[attr-defined]
        return first  # `None` is a tree without leaves
    if type(first) in (Tracer, HostArray) or (type(first) is Const and type(first.value) in (int, float, complex, bool)):  # type: ignore[attr-defined]
        return apply((first, *(_leaf_of(t) for t in rest)))
    return None


def _mapped_element(value: AbstractValue, leading: bool) -> AbstractValue:
    """What `vmap` hands its function for an array it maps: the array without the mapped axis,
    the leading one where no axes option is given (NumPy's shapes: `vmap(f)(xs)` of `xs` of
    shape (100,) calls `f` on shape ()); its shape not known where an option chooses the axis."""
    if type(value) is not Tracer or value.shape is None or not value.shape:  # type: ignore[attr-defined]
        return value
    shape = value.shape[1:] if leading else None  # type: ignore[attr-defined]
    return Tracer(shape, value.dtype, value.weak, value.abstract)  # type: ignore[attr-defined]


def _rearranged_shape(shape: tuple[int | None, ...] | None, method: str, args: Arguments) -> tuple[int | None, ...] | None:
    """The shape an array's `copy`, `transpose`, `squeeze`, `ravel` or `flatten` returns (NumPy's
    and jax's rules): the same, reversed, without its 1s, one dimension of all its elements.
    None where the arguments choose axes or a size is not known."""
    if shape is None or method == "copy":
        return shape
    if args.positional or args.keywords:  # axes or an order chosen
        return None
    if method == "transpose":
        return tuple(reversed(shape))
    if None in shape:
        return None
    if method == "squeeze":
        return tuple(size for size in shape if size != 1)
    return (math.prod(shape),)  # type: ignore[arg-type]  # ravel, flatten


def _known_children(
    tree: AbstractValue,
) -> tuple[object, list[AbstractValue], Callable[[list[AbstractValue]], AbstractValue]] | None:
    """A dict with known keys or a tuple/list with known items: its layout (the keys, or the
    length), its children, and how to build one like it from new children. None otherwise."""
    if type(tree) is Mapping and tree.entries is not None:  # type: ignore[attr-defined]
        keys = tuple(key for key, _ in tree.entries)  # type: ignore[attr-defined]
        return keys, [value for _, value in tree.entries], lambda values: Mapping(tuple(zip(keys, values)))  # type: ignore[attr-defined]
    if type(tree) is Sequence and tree.items is not None:  # type: ignore[attr-defined]
        kind = tree.type  # type: ignore[attr-defined]
        return len(tree.items), list(tree.items), lambda values: Sequence(kind, tuple(values))  # type: ignore[attr-defined]
    return None


def _leaf_of(tree: AbstractValue) -> AbstractValue:
    """One leaf of ``tree``, as `tree_map` hands it to its function."""
    kind = type(tree)
    if kind is Tracer or kind is HostArray:
        return tree
    if kind is Sequence:
        return _leaf_of(tree.item) if tree.item is not BOTTOM else UNKNOWN  # type: ignore[attr-defined]
    if kind is Mapping:
        return _leaf_of(tree.value) if tree.value is not BOTTOM else UNKNOWN  # type: ignore[attr-defined]
    if kind is Instance and tree.pytree and tree.fields:  # type: ignore[attr-defined]
        return join_all(_leaf_of(v) for _, v in tree.fields)  # type: ignore[attr-defined]
    if tree is TRACED_TREE:
        return TRACER
    return UNKNOWN


def traced_structure(value: AbstractValue, depth: int = 0) -> object:
    """What of ``value`` decides how a body runs: which leaves are traced, which are Python
    values, and the structure holding them (not shapes, dtypes or weak types)."""
    kind = type(value)
    if depth > 6:
        return value.kind
    if kind is Tracer:
        return ("tracer", value.abstract)  # type: ignore[attr-defined]
    if kind is Sequence:
        if value.items is not None:  # type: ignore[attr-defined]
            return (value.type, tuple(traced_structure(v, depth + 1) for v in value.items))  # type: ignore[attr-defined]
        return (value.type, traced_structure(value.item, depth + 1))  # type: ignore[attr-defined]
    if kind is Mapping:
        if value.entries is not None:  # type: ignore[attr-defined]
            return ("dict", tuple((k, traced_structure(v, depth + 1)) for k, v in value.entries))  # type: ignore[attr-defined]
        return ("dict", traced_structure(value.value, depth + 1))  # type: ignore[attr-defined]
    if kind is Instance:
        fields = value.fields  # type: ignore[attr-defined]
        inside = tuple((k, traced_structure(v, depth + 1)) for k, v in fields) if fields is not None else None
        return (id(value.cls) if not isinstance(value.cls, str) else value.cls, inside)  # type: ignore[attr-defined]
    return value


def _item(value: AbstractValue, index: int) -> AbstractValue:
    if type(value) is Sequence:
        if value.items is not None:  # type: ignore[attr-defined]
            return value.items[index] if index < len(value.items) else UNKNOWN  # type: ignore[attr-defined]
        return value.item  # type: ignore[attr-defined]
    if value is TRACED_TREE:
        return TRACED_TREE
    return UNKNOWN


def known_items(value: AbstractValue) -> tuple[AbstractValue, ...] | None:
    """The items of a tuple or list kept one by one (None: not known)."""
    if type(value) is Sequence and value.items is not None:  # type: ignore[attr-defined]
        return value.items  # type: ignore[attr-defined]
    return None




def _slice(value: AbstractValue | None) -> AbstractValue:
    """One slice of ``value`` along its leading axis (what `scan` and `map` hand their body)."""
    if value is None:
        return NONE
    kind = type(value)
    if kind is Tracer:
        shape = value.shape[1:] if value.shape else None  # type: ignore[attr-defined]
        return Tracer(shape, value.dtype, value.weak, value.abstract)  # type: ignore[attr-defined]
    if kind is Sequence:
        if value.items is not None:  # type: ignore[attr-defined]
            return Sequence(value.type, tuple(_slice(v) for v in value.items))  # type: ignore[attr-defined]
        return Sequence(value.type, None, _slice(value.item))  # type: ignore[attr-defined]
    if kind is Mapping:
        if value.entries is not None:  # type: ignore[attr-defined]
            return Mapping(tuple((k, _slice(v)) for k, v in value.entries))  # type: ignore[attr-defined]
        return Mapping(None, _slice(value.value))  # type: ignore[attr-defined]
    if kind is Instance and value.pytree and value.fields is not None:  # type: ignore[attr-defined]
        return Instance(value.cls, tuple((k, _slice(v)) for k, v in value.fields), True)  # type: ignore[attr-defined]
    return value


def _stack(value: AbstractValue) -> AbstractValue:
    """Values stacked along a new leading axis (what `scan` and `map` return)."""
    kind = type(value)
    if kind is Tracer:
        return Tracer(None, value.dtype, False, value.abstract)  # type: ignore[attr-defined]
    if kind is Const and isinstance(value.value, (int, float, bool)):  # type: ignore[attr-defined]
        return TRACER
    if kind is Sequence and value.items is not None:  # type: ignore[attr-defined]
        return Sequence(value.type, tuple(_stack(v) for v in value.items))  # type: ignore[attr-defined]
    if kind is Mapping and value.entries is not None:  # type: ignore[attr-defined]
        return Mapping(tuple((k, _stack(v)) for k, v in value.entries))  # type: ignore[attr-defined]
    return value


def _branches(body: AbstractValue) -> list[AbstractValue]:
    """The functions a body argument holds (`lax.switch` takes a list of them)."""
    if type(body) is Sequence:
        return list(body.items) if body.items is not None else [body.item]  # type: ignore[attr-defined]
    return [body]


def _static_unhashable(static: tuple[set[int], set[str], set[int], bool], args: Arguments, only_tracers: bool = False) -> bool:
    """Whether a value at a static position of a jitted call certainly cannot be hashed (a
    tracer, an array, a list, a set, a dict; ``only_tracers``: a tracer): the call raises
    `ValueError` before tracing, so the calls after it in a loop never happen (measured on jax
    0.10.2, also with `jax.pmap(jax.jit(f, static_argnums=2), in_axes=(0, 0, None))` handing
    it a tracer)."""
    given = [v for i, v in enumerate(args.positional) if i in static[0]] + [v for k, v in args.keywords if k in static[1]]
    kinds = (Tracer,) if only_tracers else (Tracer, HostArrayType, Mapping)
    return static[3] and any(
        type(v) in kinds or not only_tracers and type(v) is Sequence and v.type in ("list", "set")  # type: ignore[attr-defined]
        for v in given
    )


def _target(inner: AbstractValue) -> tuple[AbstractValue | None, int]:
    """The function a jit wraps (a function of the checked code, or a transformed one) and how
    many of its leading parameters are bound already."""
    if type(inner) is Function:
        return inner, len(inner.bound)  # type: ignore[attr-defined]
    if type(inner) is Transformed:
        target, bound = _target(inner.inner)  # type: ignore[attr-defined]
        return (inner, bound) if target is not None else (None, 0)
    return None, 0


def _static_arguments(
    application: Application, target: AbstractValue, bound: int, args: Arguments,
) -> tuple[set[int], set[str], set[int], bool] | None:
    """(positions of the call's positional arguments, keywords, positions among the bound
    arguments) that a jit's `static_argnums`/`static_argnames` make static, and whether that is
    known (False: every value is kept, the options or the function are not known); None when
    jit rejects those options for the function (the call raises before anything is traced)."""
    from ..transforms.argspec import parse_spec

    spec = parse_spec(application.options)
    inner = target
    while type(inner) is Transformed:
        inner = inner.inner  # type: ignore[attr-defined]
    function = inner.function if type(inner) is Function else None  # type: ignore[attr-defined]
    if function is None or not spec.known:
        return set(range(len(args.positional))), {k for k, _ in args.keywords}, set(), False  # unknown: keep every value
    from ..syntax.signatures import signature

    parameters = [argnum_rules.Parameter(p.name, p.kind) for p in signature(function)[bound:]]
    if argnum_rules.numbers_out_of_range(parameters, spec.static_argnums or ()) or any(
        argnum_rules.invalid_names(parameters, spec.static_argnames or ())
    ):
        return None
    selection = argnum_rules.Selection(tuple(spec.static_argnums or ()), tuple(spec.static_argnames or ()))
    options = application.options
    given_both = any(o in options for o in ("static_argnums", "static_broadcasted_argnums")) and "static_argnames" in options
    positions, static_names = argnum_rules.static_at_call(parameters, selection, len(args.positional), not given_both)
    return positions, static_names, set(), True


def _options_spread(application: Application) -> bool:
    """Whether the jit call spreads arguments that may hold its options (`jax.jit(fn, **kwargs)`
    in a wrapper such as `maybe_jit`): which parameters are static is not written there."""
    node = application.node
    return type(node) is cst.Call and any(arg.star for arg in node.args)  # type: ignore[attr-defined]


def _bound_method(value: Function) -> bool:
    """Whether ``value`` is a method bound to its receiver (`model.apply`), not a `partial`."""
    return not value.partial and len(value.bound) == 1 and value.function.method_kind in ("instance", "class")


def _jitted_as_called(function, application: Application, through_instance: bool = False) -> bool:
    """Whether a call of the jitted ``function`` hands jit its arguments as written: a plain
    function, or a method jit decorates called through an instance (the instance comes first),
    not a `partial` (how jit numbers their parameters depends on how it saw the callable), and
    no decorator above the jit one (it may convert the arguments first)."""
    if function.owner_class is not None and not through_instance:
        return False
    node = function.node
    decorators = [d.decorator for d in getattr(node, "decorators", ())]
    return application.node not in decorators or decorators.index(application.node) == 0


def argnums(application: Application) -> set[int] | None:
    """The positions a differentiating transformation differentiates (None: its `argnums` is
    not a literal)."""
    option = application.options.get("argnums")
    if option is None:
        return {0}
    value = option.value
    if type(value) is cst.Integer:
        return {int(value.value)}
    if type(value) in (cst.Tuple, cst.List):
        found = set()
        for element in value.elements:  # type: ignore[attr-defined]
            if type(element.value) is not cst.Integer:
                return None
            found.add(int(element.value.value))
        return found
    return None


def _literal_option(application: Application, name: str) -> object:
    option = application.options.get(name)
    if option is None:
        return None
    value = option.value
    if type(value) is cst.Name and value.value in ("True", "False"):
        return value.value == "True"
    return None


def _differentiated(value: AbstractValue, mode: Mode) -> AbstractValue:
    """What a differentiated argument becomes: a tracer (concrete outside an abstract trace) of
    the argument's dtype and weak type (measured on jax 0.10.2: a weak argument stays weak under
    `grad` and `value_and_grad`, and so do the value and gradient computed from it alone)."""
    kind = type(value)
    if kind is Tracer:
        return Tracer(value.shape, value.dtype, value.weak, mode.abstract)  # type: ignore[attr-defined]
    if kind is HostArray:
        weak = value.weak if value.library == "jax" else False  # type: ignore[attr-defined]
        return Tracer(value.shape, value.dtype, weak, mode.abstract)  # type: ignore[attr-defined]
    if kind is Const and isinstance(value.value, (int, float)):  # type: ignore[attr-defined]
        return Tracer((), weak_dtype(value.value), True, mode.abstract)  # type: ignore[attr-defined]
    if kind is Sequence:
        if value.items is not None:  # type: ignore[attr-defined]
            return Sequence(value.type, tuple(_differentiated(v, mode) for v in value.items))  # type: ignore[attr-defined]
        return Sequence(value.type, None, _differentiated(value.item, mode), value.length)  # type: ignore[attr-defined]
    if kind is Mapping:
        if value.entries is not None:  # type: ignore[attr-defined]
            return Mapping(tuple((k, _differentiated(v, mode)) for k, v in value.entries))  # type: ignore[attr-defined]
        return Mapping(None, _differentiated(value.value, mode))  # type: ignore[attr-defined]
    if kind is Instance and value.pytree and value.fields is not None:  # type: ignore[attr-defined]
        return Instance(value.cls, tuple((k, _differentiated(v, mode)) for k, v in value.fields), True)  # type: ignore[attr-defined]
    if value is TRACED_TREE:
        return TRACED_TREE
    if value is UNKNOWN:
        # grad takes only arrays and pytrees of them (anything else raises TypeError): whatever
        # the caller passed, the function receives tracers, concrete outside an abstract trace.
        return TRACED_TREE if mode.abstract else CONCRETE_TRACER
    return value


def _entered(frame: Frame, mode: Mode) -> Frame:
    """``frame`` seen from a call that runs in ``mode`` (the caller stays the same)."""
    if frame.mode == mode:
        return frame
    # A host frame calling into a trace is no traced caller: the trace it starts is an entry.
    caller = frame.function if frame.mode.traced else None
    view = Frame(caller, frame.scope, mode, frame.env, frame.closure, frame.via, frame.local_names)
    view.compile_time = frame.compile_time
    view.values = frame.values
    return view


def _through_receiver(jitted: Transformed, receiver: Instance | ClassRef, args: Arguments) -> Arguments:
    """The arguments a jitted method receives when called through ``receiver``: the instance
    for a method (`obj.m(x)`), the class for a classmethod over the transformation
    (`@classmethod @partial(jax.jit, static_argnames=["cls", "n"])`, `Class.m(x, 32)`). Either
    is the first argument of the jitted call, and its `static_argnums` count it (measured on
    jax 0.10.2: `Class.m(x, n)` of such a classmethod traces with `cls` and `n` static)."""
    inner = jitted.inner
    if type(inner) is not Function or inner.bound:  # type: ignore[attr-defined]
        return args
    kind = inner.function.method_kind  # type: ignore[attr-defined]
    if kind == "class" and type(receiver) is Instance:
        receiver = ClassRef(receiver.cls)  # type: ignore[arg-type]
    if (kind, type(receiver)) not in (("instance", Instance), ("class", ClassRef)):
        return args
    return Arguments((receiver,) + args.positional, args.keywords, args.spread_positional, args.spread_keywords, receiver=True)


def _keep_receiver(frame: Frame, expression: cst.BaseExpression, before: Instance, after: AbstractValue | None) -> None:
    """After a method ran on the object a local name holds, the name holds what the method left
    in it (fields the method assigned)."""
    if type(after) is Instance and type(expression) is cst.Name and expression.value in frame.env:
        if after != before and after.cls is before.cls:  # type: ignore[attr-defined]
            frame.env[expression.value] = after


def _is_property(function) -> bool:
    node = function.node
    for decorator in getattr(node, "decorators", ()):
        expression = decorator.decorator
        if type(expression) is cst.Name and expression.value in ("property", "cached_property"):
            return True
        if type(expression) is cst.Attribute and expression.attr.value == "cached_property":
            return True
    return False


def _holds_field(interp, receiver: AbstractValue, name: str, frame: Frame) -> bool:
    """Whether ``name`` of ``receiver`` (`self` of the method running) is state of the object (a
    field it was given, or a name its class does not bind) rather than a method of the class."""
    if type(receiver) is Instance and not isinstance(receiver.cls, str):  # type: ignore[attr-defined]
        if receiver.field(name) is not None:  # type: ignore[attr-defined]
            return True
        owner = receiver.cls  # type: ignore[attr-defined]
    else:
        owner = frame.function.owner_class if frame.function is not None else None
    return owner is not None and interp.class_attribute(owner, name) is None


def _no_arguments() -> Arguments:
    return Arguments(())


def _host_mode() -> Mode:
    return HOST


def _range(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    values = args.positional
    if values and all(type(v) is Const and isinstance(v.value, int) for v in values):  # type: ignore[attr-defined]
        try:
            numbers = range(*(v.value for v in values))  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            return UNKNOWN
        if frame.mode.abstract:
            lengths = model.interpreter.traced_range_lengths
            lengths[node] = max(lengths.get(node, 0), len(numbers))
            if any(v.dimension for v in values):  # type: ignore[attr-defined]
                # A length the trace read from the data, known here from what the callers
                # pass (`horizon = trajectory.shape[0]` handed to a helper's `range(horizon)`).
                model.interpreter.ranges_of_data_length.add(node)
        if len(numbers) <= 16:
            return Sequence("range", tuple(Const(n) for n in numbers))
        return Sequence("range", None, INT, len(numbers))
    if frame.mode.abstract:
        model.interpreter.ranges_of_unknown_length.add(node)
        if any(type(v) is Scalar and v.dimension for v in values):  # type: ignore[attr-defined]
            model.interpreter.ranges_of_data_length.add(node)
    return Sequence("range", None, INT)


def _split_keys(key: HostArray, args: Arguments) -> HostArray:
    """`jax.random.split(key, num)`: `num` keys (a shape of them) stacked before the key's own
    shape (jax 0.10.2: `split(PRNGKey(0), 48).shape == (48, 2)`, `(3, 4, 2)` for `num=(3, 4)`,
    `(48,)` for a typed `key(0)`)."""
    num = args.positional[1] if len(args.positional) > 1 else dict(args.keywords).get("num", Const(2))
    counts = _shape_of(num) if type(num) is not Const else (num.value,) if type(num.value) is int else None  # type: ignore[attr-defined]
    shape = counts + key.shape if counts is not None and key.shape is not None and None not in counts else None
    return HostArray("jax", shape, key.dtype)


def length(value: AbstractValue) -> int | None:
    """How many items iterating ``value`` gives, where it is known: a sequence's length, a
    dict's keys, a string's characters, an array's leading dimension."""
    kind = type(value)
    if kind is Sequence:
        return value.length  # type: ignore[attr-defined]
    if kind is Mapping:
        return len(value.entries) if value.entries is not None else None  # type: ignore[attr-defined]
    if kind is Const and isinstance(value.value, (str, bytes, tuple)):  # type: ignore[attr-defined]
        return len(value.value)  # type: ignore[attr-defined]
    if kind in (Tracer, HostArray) and value.shape:  # type: ignore[attr-defined]
        return value.shape[0]  # type: ignore[attr-defined]
    return None


def _len(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    known = length(args.positional[0]) if args.positional else None
    if known is not None:
        return Const(known, dimension=type(args.positional[0]) is Tracer)
    receiver = args.positional[0] if len(args.positional) == 1 else None
    if type(receiver) is Instance and not isinstance(receiver.cls, str):  # type: ignore[attr-defined]
        method = model.interpreter.find_method(receiver.cls, "__len__")  # type: ignore[attr-defined]
        if method is not None:  # `len(self)` of a class of the checked code: what its `__len__` returns
            counted = model.interpreter.call(Function(method, (receiver,)), Arguments(()), frame.mode, frame, node)
            if type(counted) is Const and type(counted.value) is int:  # type: ignore[attr-defined]
                return counted
    return DIMENSION if args.positional and type(args.positional[0]) is Tracer else INT


def _isinstance(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    if len(args.positional) != 2 or type(node) is not cst.Call:
        return BOOL
    value = args.positional[0]
    from .narrowing import class_kind

    interp = model.interpreter
    kind_of = class_kind(node.args[1].value, lambda n: interp.resolver.qualified_name(n, frame.scope))  # type: ignore[attr-defined]
    if type(value) is Tracer and value.abstract:  # type: ignore[attr-defined]
        if kind_of in ("host", "container"):
            return FALSE
        if kind_of == "traced":
            return TRUE
    if type(value) is Const and kind_of == "traced":
        return FALSE
    if type(value) is Sequence and kind_of == "traced":
        return FALSE
    builtin = interp.resolver.qualified_name(node.args[1].value, frame.scope)  # type: ignore[attr-defined]
    if type(value) is Sequence and value.type in _BUILTIN_SEQUENCES and builtin in _BUILTIN_SEQUENCES:  # type: ignore[attr-defined]
        return TRUE if value.type == builtin else FALSE  # type: ignore[attr-defined]
    return BOOL


# The builtin types a Sequence's ``type`` names exactly (`isinstance(tags, frozenset)` is known).
_BUILTIN_SEQUENCES = frozenset({"tuple", "list", "set", "frozenset"})


_SUBDTYPE_TESTS = frozenset({"jax.numpy.issubdtype", "numpy.issubdtype", "jax.dtypes.issubdtype"})
# The dtype categories (see :func:`dtype_category`) under each abstract dtype class of NumPy.
_DTYPE_CLASSES = {
    "integer": {"int"}, "floating": {"float"}, "inexact": {"float", "complex"},
    "complexfloating": {"complex"}, "number": {"int", "float", "complex"}, "bool_": {"bool"},
    "generic": {"int", "float", "complex", "bool"},
}
_DTYPE_PREFIXES = ("int", "uint", "float", "bfloat", "complex", "bool")


def _subdtype(value: AbstractValue, cls: AbstractValue) -> AbstractValue:
    """`jnp.issubdtype(x, jnp.integer)` of an array whose dtype is known: a Python bool the trace
    decides once, so the branch it guards is taken or not by every trace of that dtype.
    Measured on jax 0.10.2: under `jit`, `jnp.issubdtype(t, jnp.integer)` of a float32 tracer
    (`jax.nn.one_hot(...)`) is `False`, of an int32 one `True`; `jnp.floating`, `jnp.inexact`
    and `jnp.number` as NumPy says. Signed and unsigned classes, and a dtype not known, stay
    unknown (``BOOL``)."""
    dtype = getattr(value, "dtype", None) if type(value) in (Tracer, HostArray) else None
    if not isinstance(dtype, str) or not dtype.startswith(_DTYPE_PREFIXES) or type(cls) is not Library:
        return BOOL
    family = cls.name.rsplit(".", 1)[-1]  # type: ignore[attr-defined]
    if family not in _DTYPE_CLASSES or not cls.name.startswith(("numpy.", "jax.numpy.")):  # type: ignore[attr-defined]
        return BOOL
    return TRUE if dtype_category(dtype) in _DTYPE_CLASSES[family] else FALSE


def _hasattr(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    if len(args.positional) == 2 and type(args.positional[1]) is Const:
        value, attribute = args.positional[0], args.positional[1].value  # type: ignore[attr-defined]
        if type(value) is Tracer and attribute in ("shape", "dtype", "ndim", "size"):
            return TRUE
    return BOOL


def _getattr(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    if len(args.positional) >= 2 and type(args.positional[1]) is Const and isinstance(args.positional[1].value, str):  # type: ignore[attr-defined]
        found = model.attribute(args.positional[0], args.positional[1].value, frame, None)  # type: ignore[attr-defined]
        if found is UNKNOWN and len(args.positional) == 3:
            return UNKNOWN
        return found
    return UNKNOWN


def _tuple(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    if not args.positional:
        return Sequence("tuple", ())
    value = args.positional[0]
    if type(value) is Sequence:
        return Sequence("tuple", value.items, value.item, value.length)  # type: ignore[attr-defined]
    if value is TRACED_TREE:
        return Sequence("tuple", None, TRACED_TREE)
    return Sequence("tuple", None, model.element(value, frame, None), length(value))


def _list(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    value = _tuple(model, args, frame, node)
    return Sequence("list", value.items, value.item, value.length) if type(value) is Sequence else value  # type: ignore[attr-defined]


def _set_of(type_name: str):
    """`set(...)` or `frozenset(...)`: its items, as a tuple of them would hold them (a leaf
    jit cannot trace; a frozenset hashes by value, a set not at all)."""

    def build(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
        value = _tuple(model, args, frame, node)
        if type(value) is not Sequence:
            return value
        return Sequence(type_name, value.items, value.item, value.length)  # type: ignore[attr-defined]

    return build


def _sorted(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    value = _list(model, args, frame, node)
    return Sequence("list", None, value.item, value.length) if type(value) is Sequence else value  # type: ignore[attr-defined]


def _dict(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    if not args.positional and not args.spread_keywords:
        return Mapping(tuple(args.keywords))
    if len(args.positional) == 1 and type(args.positional[0]) is Mapping and not args.keywords:
        return args.positional[0]
    base = args.positional[0] if len(args.positional) == 1 and not args.spread_keywords else None
    if type(base) is Mapping and base.entries is not None:  # type: ignore[attr-defined]
        # `dict(DEFAULTS, tau=tau)`: a copy with the keywords put over its entries
        given = dict(args.keywords)
        kept = tuple((k, given.pop(k, v)) for k, v in base.entries)  # type: ignore[attr-defined]
        return Mapping(kept + tuple(given.items()))
    return Mapping(None, join_all(v for _, v in args.keywords) if args.keywords else UNKNOWN)


def _enumerate(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    value = args.positional[0] if args.positional else UNKNOWN
    return Sequence("enumerate", None, Sequence("tuple", (INT, model.element(value, frame, None))), length(value))


def _zip(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    if args.spread_positional:
        return Sequence("zip", None, Sequence("tuple", None, UNKNOWN))
    # As long as its shortest argument; one of unknown length is taken to match the others
    # (`zip(layers, params)`: the parameters built for those layers).
    lengths = [n for n in map(length, args.positional) if n is not None]
    items = tuple(model.element(v, frame, None) for v in args.positional)
    return Sequence("zip", None, Sequence("tuple", items), min(lengths) if lengths else None)


def _reversed(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    value = args.positional[0] if args.positional else UNKNOWN
    if type(value) is Sequence:
        items = value.items  # type: ignore[attr-defined]
        return Sequence("list", tuple(reversed(items)) if items is not None else None, value.item, value.length)  # type: ignore[attr-defined]
    return Sequence("list", None, model.element(value, frame, None), length(value))


def _min_max(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    values = list(args.positional)
    if len(values) == 1:
        values = [model.element(values[0], frame, None)]
    if any(_is_abstract(v) or v.kind.traced for v in values):
        # Compares tracers in Python: raises (see the JAX206 rule). Of numbers and tracers, what
        # follows runs with what the comparison stands for, the elementwise extremum: a tracer
        # (a slice `x[max(0, o):]` still needs static bounds once `jnp.maximum` replaces it).
        if values and all(_is_abstract(v) or _is_number(v) for v in values):
            return TRACER
        return UNKNOWN
    if values and all(type(v) is Const for v in values):
        try:
            name = node.func.value if type(node) is cst.Call and type(node.func) is cst.Name else "max"  # type: ignore[attr-defined]
            return Const((min if name == "min" else max)(v.value for v in values))  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            return UNKNOWN
    if all(v.kind is Value.STATIC for v in values):
        # Python returns the winning argument itself: of an `int` and a `float`, its type
        # depends on the values compared.
        return mixed_number(values) or (join_all(values) if values else UNKNOWN)
    return UNKNOWN


def _is_number(value: AbstractValue) -> bool:
    if type(value) is Const:
        return type(value.value) in (int, float)  # type: ignore[attr-defined]
    return type(value) is Scalar and value.type in ("int", "float")  # type: ignore[attr-defined]


def _next(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    """`next(it)`: an object of the checked code runs its `__next__` (a key sequence splitting
    its key there); anything else gives what iterating it gives."""
    if not args.positional:
        return UNKNOWN
    iterator = args.positional[0]
    if type(iterator) is Instance and not isinstance(iterator.cls, str):  # type: ignore[attr-defined]
        method = model.interpreter.find_method(iterator.cls, "__next__")  # type: ignore[attr-defined]
        if method is not None:
            return model.interpreter.call(Function(method, (iterator,)), Arguments(()), frame.mode, frame, node)
    return model.element(iterator, frame, None)


def _iter(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    return args.positional[0] if args.positional else UNKNOWN


def _super(model: LibraryModel, args: Arguments, frame: Frame, node: cst.CSTNode) -> AbstractValue:
    """`super()` in a method of a class whose first base is of the checked code: that base's
    methods, bound to the object (a library base stays a static value, as before)."""
    function = frame.function
    if function is None or function.owner_class is None or not function.params:
        return STATIC
    receiver = frame.env.get(function.params[0].name, UNKNOWN)
    bases = model.interpreter.base_classes(function.owner_class)
    return _Super(bases[0], receiver) if bases else STATIC


class _Super(Instance):
    """`super()` in a method: attribute lookups start at the first base class."""

    __slots__ = ("receiver",)

    def __init__(self, base, receiver: AbstractValue) -> None:
        super().__init__(base, None, False)
        self.receiver = receiver


_BUILTIN_HANDLERS = {
    "range": _range, "len": _len, "isinstance": _isinstance, "hasattr": _hasattr, "getattr": _getattr,
    "tuple": _tuple, "list": _list, "sorted": _sorted, "dict": _dict, "enumerate": _enumerate, "zip": _zip,
    "reversed": _reversed, "min": _min_max, "max": _min_max, "next": _next, "iter": _iter, "set": _set_of("set"),
    "frozenset": _set_of("frozenset"), "super": _super,
}


def _partitioned(tree: AbstractValue) -> AbstractValue:
    """`eqx.partition(tree, eqx.is_array)` of an object whose fields are known: the pair of
    copies holding its arrays alone and its other fields alone (the rest `None`). The second
    half is what code passes on as static; equinox modules hash their fields, so a `dict`
    field there cannot be hashed (measured on jax 0.10.2: `static_argnames` given it raises
    `ValueError`, see bench/measure_static_values.py). Partition maps the leaves and keeps every
    container: a `list` of layers stays a `list` in both halves, and the static half holding it
    cannot be hashed either (measured with equinox 0.13.8: `ValueError`; a `tuple` of layers
    hashes; bench/measure_equinox_layers_under_jit.py)."""
    if type(tree) is not Instance or not tree.fields or isinstance(tree.cls, str):  # type: ignore[attr-defined]
        return UNKNOWN
    arrays, rest = [], []
    for name, value in tree.fields:  # type: ignore[attr-defined]
        halves = _partitioned_leaves(value, 3)
        if halves is None:
            return UNKNOWN  # may hold arrays of its own, partitioned in turn
        arrays.append((name, halves[0]))
        rest.append((name, halves[1]))
    return Sequence("tuple", (Instance(tree.cls, tuple(arrays), tree.pytree), Instance(tree.cls, tuple(rest), tree.pytree)))  # type: ignore[attr-defined]


def _partitioned_leaves(value: AbstractValue, depth: int) -> tuple[AbstractValue, AbstractValue] | None:
    """The (arrays, the rest) halves of one field under `eqx.partition(..., eqx.is_array)`: an
    array goes to the first, a Python value to the second, a `list` or `dict` stays one in both
    (what it holds, when not known, is unknown in both); None when neither is known."""
    none = Const(None)
    if type(value) in (HostArray, Tracer):
        return value, none
    if _holds_no_array(value, 4):
        return none, value
    if depth > 0 and type(value) is Sequence and value.type == "list" and value.items is not None:  # type: ignore[attr-defined]
        halves = [_partitioned_leaves(item, depth - 1) or (UNKNOWN, UNKNOWN) for item in value.items]  # type: ignore[attr-defined]
        return Sequence("list", tuple(a for a, _ in halves)), Sequence("list", tuple(r for _, r in halves))
    if depth > 0 and type(value) is Mapping and value.entries is not None:  # type: ignore[attr-defined]
        halves = [(key, _partitioned_leaves(item, depth - 1) or (UNKNOWN, UNKNOWN)) for key, item in value.entries]  # type: ignore[attr-defined]
        return Mapping(tuple((k, a) for k, (a, _) in halves)), Mapping(tuple((k, r) for k, (_, r) in halves))
    return None


def _holds_no_array(value: AbstractValue, depth: int) -> bool:
    """Whether ``value`` is known to hold no array: Python constants and numbers, and tuples,
    lists and dicts of them."""
    if type(value) in (Const, Scalar):
        return True
    items = container_items(value) if depth > 0 else None
    return items is not None and all(_holds_no_array(item, depth - 1) for item in items)
