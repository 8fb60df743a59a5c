"""Where Python needs a concrete value, and whether the value there is an abstract tracer.

The interpreter asks these questions as it runs traced code, with the values of that run, and
records a :class:`~.events.Concretization` for each use that raises at trace time. What JAX
does with each use was measured on jax 0.10.2 (the rules JAX201-JAX206 say what raises):

- truth: `if`, `while`, a conditional expression, `assert`, `not`, the operands `and`/`or`
  convert, and the inner links of a chained comparison (`0 < x < 1`);
- Python scalars: `int()`, `float()`, `complex()`, `operator.index()` (a container fails
  alike), `bool()`, `hex()`, `oct()`, `bin()`, `chr()`, `.item()`, `.tolist()`, the `math`
  functions but `math.prod`, the standard-library functions that take Python numbers
  (``names.HOST_NUMBER_FUNCTIONS``: `datetime.timedelta(seconds=t)`, `time.sleep(t)`), the seed
  of a host random generator (``names.HOST_RNG_SEEDING``: `np.random.default_rng(seed)`), and a
  Python list or tuple indexed by a tracer, and the arguments of lax control flow that must be
  Python values (``Convention.concrete``: `lax.scan(..., length=n)`);
- NumPy: every `numpy` function but those that dispatch to the array's own method
  (``names.NUMPY_DISPATCHING``), a NumPy array indexed by a tracer, and the shape queries of a
  Python list or tuple holding a tracer (``names.SHAPE_QUERIES``: `jnp.ndim([x, y])`);
- shapes: the size, shape, bound and axis arguments of ``names.SHAPE_ARGUMENTS`` and of the
  array methods, the functions whose result's length depends on values unless `size=` is given,
- indices that fix a shape: a traced start, stop or step of a slice, and a traced boolean mask
  indexing a JAX array or its `.at`;
- the builtins `min`, `max` and `sorted` of tracers, and `all` and `any` of traced items;
- membership: a tracer `in` a tuple or list (each `==` converted to bool) or a traced
  array, and a tracer as a dict key (`TABLE[a]`, `TABLE.get(a)`, `a in TABLE`: unhashable);
- formatting a tracer as a number: a format spec (`f"{x:.3f}"`, `"{:.2f}".format(x)`,
  `format(x, ".2f")`) and `%` conversions but `%s`, `%r` and `%a` (`"%.2f" % x`).

A value counts when it is certainly an abstract tracer; where an array and every container
fail alike (`int()`, `range()`, ordering), a traced pytree of unknown structure counts too.
Under `jax.grad`, `jax.jvp` and their kin alone, a tracer's value is concrete: only `float()`,
`complex()`, the `math` functions, `.tolist()`, number formatting and NumPy raise on it
(``names.DIFFERENTIATED_CONCRETIZING_CONVERSIONS``).
"""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from .events import Concretization, ConcretizationKind
from ..values import TRACED_TREE, UNKNOWN, AbstractValue, Const, HostArray, Instance, Mapping, Sequence, Tracer

if TYPE_CHECKING:
    from .frames import Frame
    from .interpreter import Interpreter

# `math` functions that work on tracers: `math.prod` only multiplies (measured on jax 0.10.2).
_TRACER_SAFE_MATH = frozenset({"math.prod"})
# A dict, None or tuple raises TypeError in these too, so a possibly-container value counts.
_FAILS_FOR_CONTAINERS = frozenset({"int", "float", "complex", "operator.index"})
_DATA_DEPENDENT = "value (its values decide the length of the result; pass `size=`)"
_BUILT_LISTS = frozenset({"list", "tuple", "generator"})
# A `%` conversion specifier; those but `s`, `r`, `a` and `%` need a number.
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([a-zA-Z%])")
_TEXT_CONVERSIONS = frozenset("sra%")


def is_array(value: AbstractValue | None) -> bool:
    """Certainly an abstract tracer."""
    return type(value) is Tracer and value.abstract  # type: ignore[union-attr]


def is_traced(value: AbstractValue | None) -> bool:
    """An abstract tracer or a traced pytree: for uses where an array and every container fail
    alike."""
    return value is not None and value.kind.traced


def is_differentiated(value: AbstractValue | None, frame: Frame) -> bool:
    """A JVP tracer: a tracer of a frame that grad or jvp differentiates outside any abstract
    trace (its value is concrete, but `float()`, NumPy and number formatting raise)."""
    return frame.mode.differentiated and type(value) is Tracer


def holds_traced(value: AbstractValue | None) -> bool:
    """A tuple or list with a traced item (`[state[0], state[1] + action]`)."""
    return type(value) is Sequence and value.type in ("tuple", "list") and value.kind.traced  # type: ignore[union-attr]


def _of_arrays(value: AbstractValue | None) -> bool:
    """A tuple or list every item of which is certainly an abstract tracer (what iterating a
    traced array gives)."""
    if type(value) is not Sequence or value.type not in ("tuple", "list"):  # type: ignore[union-attr]
        return False
    items = value.items if value.items is not None else (value.item,)  # type: ignore[union-attr]
    return bool(items) and all(is_array(item) for item in items)


class Checks:
    """The questions the interpreter asks at each use; events go to ``interpreter.events``."""

    def __init__(self, interpreter: Interpreter) -> None:
        self.interpreter = interpreter
        self._seen: set[tuple[str, int]] = set()

    def _emit(
        self, kind: ConcretizationKind, node: cst.CSTNode, construct: str, frame: Frame,
        use: cst.CSTNode | None = None, role: str = "",
    ) -> None:
        function = frame.function
        if function is None or not frame.mode.traced:
            return
        key = (kind, id(node))
        if key in self._seen:
            return
        self._seen.add(key)
        differentiated = frame.mode.differentiated and not frame.mode.abstract
        self.interpreter.events.append(Concretization(kind, node, construct, function, use, role, differentiated))

    def _value(self, node: cst.BaseExpression, frame: Frame) -> AbstractValue | None:
        return frame.values.get(node)

    # -- truth ----------------------------------------------------------------------------

    def truth(self, value: AbstractValue, node: cst.BaseExpression, construct: str, frame: Frame) -> bool:
        """Note Python taking the truth of ``value``; whether that raises in this trace (an
        abstract tracer: TracerBoolConversionError)."""
        if is_array(value):
            self._emit("bool", node, construct, frame)
            return frame.function is not None and frame.mode.traced and frame.mode.abstract
        return False

    def chained_comparison(self, node: cst.Comparison, links: list[AbstractValue], frame: Frame) -> None:
        """The links of `a < b < c` but the last are converted to bool."""
        if any(is_array(link) for link in links[:-1]):
            self._emit("bool", node, "chained comparison", frame)

    # -- calls ------------------------------------------------------------------------------

    def library_call(self, qualified: str, node: cst.Call, frame: Frame) -> None:
        """A call of a library function with the arguments just evaluated."""
        if any(arg.star for arg in node.args):
            return
        positional = [arg.value for arg in node.args if arg.keyword is None]
        if qualified in names.CONCRETIZING_CONVERSIONS:
            if len(positional) == 1:
                value = self._value(positional[0], frame)
                hit = is_traced(value) if qualified in _FAILS_FOR_CONTAINERS else is_array(value)
                if qualified == "bool" and hit:
                    # the truth of a tracer, as `if x` takes it: TracerBoolConversionError
                    self._emit("bool", positional[0], "bool()", frame, node)
                elif hit or (qualified in names.DIFFERENTIATED_CONCRETIZING_CONVERSIONS and is_differentiated(value, frame)):
                    self._emit("scalar", node, qualified, frame, node)
            return
        if qualified in names.HOST_NUMBER_FUNCTIONS:
            if any(is_array(self._value(arg.value, frame)) for arg in node.args):
                self._emit("scalar", node, qualified, frame, node)
            return
        if qualified in names.HOST_RNG_SEEDING:
            seed = next((arg.value for arg in node.args if arg.keyword is None or arg.keyword.value == "seed"), None)
            value = self._value(seed, frame) if seed is not None else None
            if is_array(value) or is_differentiated(value, frame):
                self._emit("scalar", node, qualified, frame, node)
            return
        if qualified.startswith(names.MATH_MODULE + "."):
            values = [self._value(a, frame) for a in positional]
            if qualified not in _TRACER_SAFE_MATH and any(is_array(v) or is_differentiated(v, frame) for v in values):
                self._emit("scalar", node, qualified, frame, node)
            return
        if qualified in names.COMPARING_BUILTINS:
            self._builtin_comparison(qualified, node, positional, frame)
            return
        if qualified in names.TRUTH_BUILTINS:
            self._truth_of_items(qualified, node, positional, frame)
            return
        if qualified == "format":
            if len(positional) == 2 and _text(self._value(positional[1], frame)):
                self.formatted(self._value(positional[0], frame), node, frame)
            return
        if qualified in names.SHAPE_QUERIES:
            if positional and holds_traced(self._value(positional[0], frame)):
                self._emit("numpy", node, qualified, frame, node)  # the list is converted by NumPy
            return
        if qualified.startswith("numpy.") or qualified in names.NUMPY_REEXPORTS:
            self._numpy(names.NUMPY_REEXPORTS.get(qualified, qualified), node, positional, frame)
            return
        self._shape_arguments(qualified, node, frame)

    def concrete_argument(self, argument: cst.Arg, frame: Frame) -> None:
        """An argument of lax control flow that must be a Python value (`length=` of scan)."""
        if is_traced(self._value(argument.value, frame)):
            self._emit("scalar", argument, argument.keyword.value if argument.keyword else "argument", frame, argument)

    def _numpy(self, qualified: str, node: cst.Call, positional: list[cst.BaseExpression], frame: Frame) -> None:
        short = qualified.removeprefix("numpy.")
        submodule = short.split(".", 1)[0] if "." in short else None
        if submodule is not None and submodule not in names.NUMPY_CONVERTING_SUBMODULES:
            return
        if short in names.NUMPY_DISPATCHING or qualified in names.NUMPY_STATIC_RESULTS:
            return
        values = [self._value(a, frame) for a in positional]
        items = [i for v in values if type(v) is Sequence and v.items is not None for i in v.items]  # type: ignore[union-attr]
        if qualified in names.NUMPY_CONVERSIONS:
            # `np.asarray` of a dict or None builds an object array: only arrays raise.
            hit = any(is_array(v) for v in values) or (bool(values) and holds_traced(values[0]))
        else:
            # Every other function raises on any traced pytree (TypeError for a dict).
            hit = any(is_traced(v) for v in values)
        if hit or any(is_differentiated(v, frame) for v in values + items):
            self._emit("numpy", node, qualified, frame, node)

    def _builtin_comparison(self, name: str, node: cst.Call, positional: list[cst.BaseExpression], frame: Frame) -> None:
        if any(arg.keyword is not None and arg.keyword.value == "key" for arg in node.args):
            return
        if len(positional) == 1:
            only = positional[0]
            if type(only) in (cst.Tuple, cst.List) and len(only.elements) > 1:  # type: ignore[attr-defined]
                separate = [self._value(e.value, frame) for e in only.elements if type(e) is not cst.StarredElement]  # type: ignore[attr-defined]
                hit = any(is_traced(v) for v in separate)
            else:
                value = self._value(only, frame)
                hit = is_array(value) or (
                    type(value) is Sequence and value.type in _BUILT_LISTS and is_traced(value)  # type: ignore[union-attr]
                )
        else:
            hit = len(positional) > 1 and any(is_traced(self._value(a, frame)) for a in positional)
        if hit:
            self._emit("compare", node, name, frame, node)

    def _truth_of_items(self, name: str, node: cst.Call, positional: list[cst.BaseExpression], frame: Frame) -> None:
        """`all(...)`/`any(...)` take the truth of their argument's items in turn, until one
        decides: a traced first item raises, and so does a traced array, whose items are traced
        (measured on jax 0.10.2: `all([x > 0, y > 0])`, `all(v > 0 for v in x)` and `all(x)`
        raise; `all([False, x > 0])` stops before the tracer and runs)."""
        if len(positional) != 1:
            return
        value = self._value(positional[0], frame)
        if type(value) is Sequence and value.type in _BUILT_LISTS:  # type: ignore[union-attr]
            first = value.items[0] if value.items else (value.item if value.items is None else None)  # type: ignore[union-attr]
            hit = is_array(first)
        else:
            hit = is_array(value)
        if hit:
            self._emit("bool", positional[0], f"{name}()", frame, node)

    def membership(self, item: AbstractValue, container: AbstractValue, node: cst.Comparison, frame: Frame) -> None:
        """`a in (0, 1)` compares `a` with each item until one is equal, converting each `==` to
        bool, and so does `v in x` of a traced array `x`, whatever `v` is; `a in TABLE` hashes
        `a` (measured on jax 0.10.2: TracerBoolConversionError for `a in (0, 1)` and `1.0 in x`,
        and TypeError: unhashable type)."""
        if is_array(container):
            self._emit("bool", node, "in", frame)
            return
        if not is_array(item):
            return
        if type(container) is Sequence and container.type in ("tuple", "list") and container.items:  # type: ignore[union-attr]
            self._emit("bool", node, "in", frame)
        elif type(container) is Mapping:
            self._emit("scalar", node, "dict key", frame, node)

    # -- formatting ---------------------------------------------------------------------------

    def formatted(self, value: AbstractValue | None, node: cst.CSTNode, frame: Frame) -> None:
        """``value`` formatted by a non-empty format spec: a tracer's `__format__` takes none
        (measured on jax 0.10.2: `f"{x:.3f}"`, `f"{x:>10}"` and `format(x, ".2f")` raise
        TypeError; `f"{x}"` and `f"{x!r}"` run). Every container and None refuse a spec too."""
        if is_traced(value) or is_differentiated(value, frame):
            self._emit("scalar", node, "format", frame, node)

    def format_method(self, receiver: AbstractValue, node: cst.Call, frame: Frame) -> None:
        """`"{:.2f}".format(x)`: each field with a format spec formats its argument."""
        template = _text(receiver)
        if not template or any(arg.star for arg in node.args):
            return
        positional = [arg.value for arg in node.args if arg.keyword is None]
        keywords = {arg.keyword.value: arg.value for arg in node.args if arg.keyword is not None}
        automatic = 0
        try:
            fields = list(string.Formatter().parse(template))
        except ValueError:
            return
        for _, field, spec, conversion in fields:
            if field is None:
                continue
            plain = re.fullmatch(r"\w*", field) is not None  # not `{0.real}` nor `{v[0]}`
            head = re.split(r"[.\[]", field, maxsplit=1)[0]
            if head == "":
                head, automatic = str(automatic), automatic + 1
            argument = positional[int(head)] if head.isdigit() and int(head) < len(positional) else keywords.get(head)
            if spec and conversion is None and argument is not None and plain:
                self.formatted(self._value(argument, frame), node, frame)

    def percent_format(self, node: cst.BinaryOperation, left: AbstractValue, right: AbstractValue, frame: Frame) -> None:
        """`"%.2f" % x`: a numeric conversion of a tracer raises (measured on jax 0.10.2:
        `%d` TypeError, `%.1f` ConcretizationTypeError; `%s` and `%r` run)."""
        template = _text(left)
        if not template:
            return
        conversions = [c for c in _PERCENT_SPEC.findall(template) if c != "%"]
        if type(right) is Sequence and right.type == "tuple" and right.items is not None:  # type: ignore[union-attr]
            pairs = zip(conversions, right.items)  # type: ignore[union-attr]
        else:
            pairs = zip(conversions[:1], [right])
        if any(c not in _TEXT_CONVERSIONS and (is_traced(v) or is_differentiated(v, frame)) for c, v in pairs):
            self._emit("scalar", node, "%", frame, node)

    def _shape_arguments(self, qualified: str, node: cst.Call, frame: Frame) -> None:
        positional = [arg for arg in node.args if arg.keyword is None]
        if qualified == "range":
            for arg in positional:
                self._shape(arg.value, "bound", False, node, frame)
            return
        if qualified in names.SHAPE_ARGUMENTS:
            for position, keyword in names.SHAPE_ARGUMENTS[qualified]:
                if _waived(names.SHAPE_ARGUMENT_WAIVERS.get(qualified), keyword, node):
                    continue
                found = _argument(node, position, keyword)
                if found is not None:
                    single_arange = qualified == "jax.numpy.arange" and len(positional) == 1 and keyword == "start"
                    self._shape(found, "stop" if single_arange else keyword, keyword in names.AXIS_ARGUMENTS, node, frame)
        if qualified in names.DATA_DEPENDENT_SIZE and _keyword(node, "size") is None:
            for position, keyword in names.DATA_DEPENDENT_SIZE[qualified]:
                found = _argument(node, position, keyword)
                if found is not None:
                    self._shape(found, _DATA_DEPENDENT, False, node, frame)
        if qualified == "jax.numpy.where" and len(node.args) == 1 and _keyword(node, "size") is None:
            self._shape(node.args[0].value, _DATA_DEPENDENT, False, node, frame)  # one-argument `where` is `nonzero`
        if names.is_array_function(qualified) and all(k != "axis" for _, k in names.SHAPE_ARGUMENTS.get(qualified, ())):
            axis = _keyword(node, "axis")
            if axis is not None:
                self._shape(axis, "axis", True, node, frame)

    def method(self, receiver: AbstractValue, method: str, node: cst.Call, frame: Frame) -> None:
        """``receiver.method(...)`` with the arguments just evaluated."""
        if any(arg.star for arg in node.args):
            return
        receiver_node = node.func.value  # type: ignore[attr-defined]
        if method == "format":
            self.format_method(receiver, node, frame)
            return
        if type(receiver) is Mapping and method in ("get", "pop", "setdefault") and node.args:
            if node.args[0].keyword is None and is_array(self._value(node.args[0].value, frame)):
                self._emit("scalar", node, "dict key", frame, node)  # a tracer is unhashable
            return
        if method in names.CONCRETIZING_METHODS:
            # Only arrays have `.item()`: a traced field of a pytree calling it is one.
            check = is_traced if type(receiver_node) is cst.Attribute else is_array
            if check(receiver) or (method in names.DIFFERENTIATED_CONCRETIZING_METHODS and is_differentiated(receiver, frame)):
                self._emit("scalar", node, method, frame, node)
            return
        if not is_traced(receiver):
            return
        positional = [arg for arg in node.args if arg.keyword is None]
        shape_arguments = names.SHAPE_METHOD_ARGUMENTS.get(method, ())
        if method == "reshape":  # `x.reshape(2, n)` spreads the shape over the arguments
            for arg in positional:
                self._shape(arg.value, "shape", False, node, frame)
        else:
            for position, keyword in shape_arguments:
                found = _argument(node, position, keyword)
                if found is not None and not _waived(names.SHAPE_METHOD_ARGUMENT_WAIVERS.get(method), keyword, node):
                    self._shape(found, keyword, keyword in names.AXIS_ARGUMENTS, node, frame)
        if all(keyword != "axis" for _, keyword in shape_arguments):
            axis = _keyword(node, "axis")
            if axis is not None:
                self._shape(axis, "axis", True, node, frame)

    def _shape(self, argument: cst.BaseExpression, role: str, strict: bool, node: cst.Call, frame: Frame) -> None:
        value = self._value(argument, frame)
        if strict:
            # `axis=None` passed as an argument works: only a certain array counts; inside a
            # display (`axis=(a,)`) even a traced pytree fails.
            # A tuple made from a traced array (`tuple(jnp.arange(a, b))`) holds its traced
            # elements: certain arrays too.
            hit = holds_traced(value) if type(argument) in (cst.Tuple, cst.List) else (
                is_array(value) or _of_arrays(value)
            )
        else:
            hit = is_traced(value)
        if hit:
            self._emit("shape", argument, _callee(node), frame, node, role)

    # -- subscripts --------------------------------------------------------------------------

    def subscript(self, base: AbstractValue, node: cst.Subscript, frame: Frame) -> None:
        elements = node.slice
        for element in elements:
            part = element.slice
            if type(part) is cst.Slice:
                bounds = [b for b in (part.lower, part.upper, part.step) if b is not None]  # type: ignore[attr-defined]
                traced = [b for b in bounds if is_array(self._value(b, frame))]
                if traced:  # one report per slice: `x[i : i + 2]` fails once
                    self._emit("slice", traced[0], "slice", frame, node)
                continue
            index = part.value  # type: ignore[attr-defined]
            value = self._value(index, frame)
            if is_array(value) and value.dtype == "bool" and _indexes_a_jax_array(base):  # type: ignore[union-attr]
                # `x[mask]`, `x.at[mask].set(v)` keep the entries where a traced mask holds: a
                # length decided by values (NonConcreteBooleanIndexError).
                self._emit("slice", index, "", frame, node, "boolean mask")
        if len(elements) != 1 or type(elements[0].slice) is not cst.Index:
            return
        index_value = self._value(elements[0].slice.value, frame)  # type: ignore[attr-defined]
        if type(base) is Mapping and is_array(index_value):
            self._emit("scalar", node, "dict key", frame, node)  # a tracer is unhashable
        elif type(base) is Sequence and base.type in ("list", "tuple") and is_traced(index_value):  # type: ignore[union-attr]
            self._emit("scalar", node, "index", frame, node)  # a Python sequence calls `__index__`
        elif type(base) is HostArray and base.library == "numpy" and is_array(index_value):  # type: ignore[union-attr]
            self._emit("numpy", node, "index", frame, node)  # NumPy converts the tracer


def _indexes_a_jax_array(base: AbstractValue) -> bool:
    """Whether subscripting ``base`` indexes a JAX array: a tracer, a traced argument, a JAX
    array captured from the host, or the `.at` of one (measured on jax 0.10.2: under `jax.jit`
    a traced boolean mask raises NonConcreteBooleanIndexError in `x[m]`, in `C[m]` of a captured
    `jnp` constant and in `x.at[m].set(v)`, `.add(v)`, `.get()`)."""
    if type(base) is Instance and base.cls == names.INDEX_HELPER:  # type: ignore[union-attr]
        base = base.field("array") or UNKNOWN  # type: ignore[union-attr]
    if type(base) is HostArray:
        return base.library == "jax"  # type: ignore[union-attr]
    return type(base) is Tracer or base is TRACED_TREE


def _text(value: AbstractValue | None) -> str | None:
    """The text of a string the analysis knows exactly (a literal, `"%d" "s"`, a name bound to
    one)."""
    return value.value if type(value) is Const and type(value.value) is str else None  # type: ignore[union-attr]


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def _waived(waiver: tuple[str, str] | None, keyword: str, node: cst.Call) -> bool:
    """Whether ``node`` passes the keyword that lifts the concreteness requirement of its
    argument ``keyword`` (`total_repeat_length` for `repeats`)."""
    return waiver is not None and waiver[0] == keyword and _keyword(node, waiver[1]) is not None


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    found = _keyword(call, keyword)
    if found is not None:
        return found
    positional = [arg.value for arg in call.args if arg.keyword is None and not arg.star]
    return positional[position] if position < len(positional) else None


def _callee(call: cst.Call) -> str:
    return cst.Module([]).code_for_node(call.func).strip()
