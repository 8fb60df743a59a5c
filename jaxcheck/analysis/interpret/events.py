"""Typed events of the interpretation: what happened while the analysis ran the code.

Rules read these; they do not walk trees or re-derive values. Each event names the node to
report, the function whose run produced it, and what a message needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import libcst as cst

from ..syntax.scopes import ClassInfo, FunctionInfo
from ..values import AbstractValue, Kind

# What a traced value was needed as:
#   "bool"     a truth value (`if`, `while`, `not`, `and`/`or`, a chained comparison)
#   "scalar"   a Python number or list (`int(x)`, `x.item()`, `math.sqrt(x)`, `MOVES[x]`)
#   "numpy"    a NumPy array (`np.asarray(x)`, `np.clip(x, 0, 1)`, `table[x]`)
#   "shape"    a size, shape, bound or axis (`range(n)`, `jnp.zeros(n)`, `x[mask]`)
#   "slice"    a slice bound (`x[i:i + 2]`)
#   "compare"  an operand of the builtins `min`, `max`, `sorted`
ConcretizationKind = Literal["bool", "scalar", "numpy", "shape", "slice", "compare"]


@dataclass(frozen=True)
class Concretization:
    """An abstract tracer that Python needed as a concrete value: this raises at trace time."""

    kind: ConcretizationKind
    node: cst.CSTNode  # where to report: the traced expression, or the call that needs it
    construct: str  # what needed it, for messages: `if`, `int`, `jnp.arange`, `max`, ...
    function: FunctionInfo  # the traced function whose body holds ``node``
    use: cst.CSTNode | None = None  # the call or subscript the value was given to
    role: str = ""  # what the value had to be (`shape`, `bound`, `axis`, `boolean mask`, ...)
    # A JVP tracer of grad or jvp alone, not an abstract one (`float(loss)` in a differentiated
    # function): it raises although the function is traced with concrete values.
    differentiated: bool = False


@dataclass(frozen=True)
class RebuiltJit:
    """Host code calls a jitted callable that a callee built during the same run: each run of
    ``caller`` builds (and so compiles) it again (`solve` calling `self._build()`, which returns
    `jax.jit(closure)`; `fit` building a `Solver` whose constructor jits a new gradient). Or
    ``repeated``: a function of another module builds and calls one in each of its runs, and
    this module runs it again and again (``caller`` is then that function, as ``builder``)."""

    call: cst.CSTNode  # where ``caller`` calls it
    application: cst.CSTNode  # the `jax.jit(...)` (or decorator) that built it
    builder: FunctionInfo | None  # the function whose run built it
    caller: FunctionInfo
    fresh_callable: str  # what made the wrapped callable new each time, for messages
    transform: str  # `jax.jit`, `jax.pmap`, ...
    compiled: FunctionInfo | None  # the function it compiles, where known
    # Seen to run again: a function of another module that builds and calls a jit in one run,
    # which this module runs more than once (in a loop, from two calls).
    repeated: bool = False
    # Reported at ``call``: a callee built it and ``caller`` calls it in its own body.
    called_by_caller: bool = True

    @property
    def node(self) -> cst.CSTNode:
        """Where a finding goes: the call that compiles, where the repeating function makes it
        itself; else the application that builds the callable."""
        return self.call if self.called_by_caller else self.application


@dataclass(frozen=True)
class KeyDrift:
    """Host code calls a jitted callable in a loop, and what the next iteration passes at one
    argument differs from what the first passed in a way jit's cache key sees (a field made a
    weakly typed `jnp.asarray(0.0)` before the loop, a strongly typed output after; a field
    `None` before the loop, a dict after), or
    alternates between two such kinds (``alternating``): the callable compiles once more."""

    call: cst.Call
    argument: cst.BaseExpression  # the argument expression
    path: str  # where in it (`.time`, `["step"]`, `[0]`), empty for the argument itself
    # What jit keys the value by on the first iteration and on a later one: its dtype and weak
    # type, or, where one of the two is `None`, each one's tree structure in words (`None`, a
    # dict).
    first: Kind | str
    later: Kind | str
    # The value passed alternates between the two kinds from one iteration to another (an
    # array made `float32` on even iterations and `int64` on odd ones, see
    # :func:`~jaxcheck.analysis.values.alternating_array`), rather than changing after the first.
    alternating: bool = False
    # ``first`` is what the same function's call before the loop passed (a Python float field),
    # ``later`` what the loop's first pass passes.
    before_loop: bool = False


@dataclass(frozen=True)
class ShapeDrift:
    """Host code loops over arrays of different shapes that the analysis knows one by one
    (`structures` built as `[rng.uniform(size=(n, 3)) for n in (5, 6, 7)]`) and calls a
    jitted callable with an argument whose shape follows the item (each structure padded to
    its own size): the callable compiles once per shape."""

    call: cst.Call
    argument: cst.BaseExpression  # the argument expression
    path: str  # where in it (`.positions`, `[0]`), empty for the argument itself
    target: cst.BaseExpression  # the loop's target (`positions`)
    first: tuple[int, ...]
    later: tuple[int, ...]


@dataclass(frozen=True)
class ArrayInStaticField:
    """A jitted callable called with a pytree whose static field holds an array (a
    `register_dataclass` meta field, an equinox or flax static field): jit compares static
    fields with `==`, so the next call with another instance raises."""

    call: cst.Call
    argument: cst.BaseExpression  # the argument expression holding the pytree
    path: str  # the field within it (`.cos`, `[0].cos`)
    owner: str  # the pytree class, for messages


@dataclass(frozen=True)
class ArrayInAuxData:
    """A jitted callable called with an instance of a registered pytree class whose
    `tree_flatten` puts a field holding an array in the aux data, a field the class body does
    not annotate: jit compares aux data with `==`, so a call with another instance raises."""

    element: cst.BaseExpression  # the `self.<field>` that `tree_flatten` puts in the aux data
    field: str
    owner: ClassInfo


@dataclass(frozen=True)
class HashedFunction:
    """A callable object given to a transformation that hashes the functions it is given
    (`jax.jit(model)`, `lax.scan(model, ...)`; see ``Transform.hashes_functions``): a rule
    judges whether the object can be hashed (an equinox module holding an array cannot)."""

    call: cst.Call  # the transformation's call
    argument: cst.BaseExpression  # the function argument, where the call writes it
    value: AbstractValue
    transform: str


@dataclass(frozen=True)
class StaticValue:
    """What a jitted callable was given at a static position, where the call writes it: jit
    hashes it to find the compiled program."""

    call: cst.Call
    argument: cst.BaseExpression
    value: AbstractValue
    # Where ``call`` is not the jitted call: the callee expression of the jitted call that a
    # function of another module makes with this argument, passed on through its parameter
    # (`pcax.fit(x, k)` whose `fit` calls the jitted `_fit_full(x, n_components)`), or the
    # jitted callable a transformation that calls it is written with (`jax.vjp(f_jit, x, n)`).
    jitted: cst.BaseExpression | None = None
    # Where the jitted call of that other module writes the argument it passes on.
    inner: cst.BaseExpression | None = None


@dataclass(frozen=True)
class StaticMadePerIteration:
    """A jitted callable called by host code in a loop with, at a static position, a
    `functools.partial` made during the same pass of that loop (by the loop's body or by a
    function it calls: a factory storing it on the object it builds). A partial hashes by
    identity: each pass compiles again (measured on jax 0.10.2: a partial kept per object, three
    objects, three compiles; see bench/measure_static_sources.py)."""

    call: cst.Call
    argument: cst.BaseExpression  # where the call writes it
    description: str


@dataclass(frozen=True)
class UntraceableArgument:
    """A jitted callable called with a value jit cannot trace at a position it traces (a `str`,
    a function, a tuple holding one): the call raises `TypeError` (the parameter should be
    static)."""

    call: cst.Call
    argument: cst.BaseExpression  # where the call writes it
    function: FunctionInfo  # the jitted function
    param: str  # the parameter that takes it
    description: str  # what the value is, for messages
    jit_site: cst.CSTNode  # the decorator or call that jits it: whose options leave it out
    # The value is a pytree whose leaf field holds what jit cannot trace (an equinox module's
    # `method: str` not declared static): the class and that field, whose declaration is at
    # fault rather than the options.
    field: tuple[ClassInfo, str] | None = None
    # The value is the instance a jitted method was called through (`obj.step(x)` with `step`
    # decorated by jit): the call does not write it as an argument; the jit options (or jitting
    # the method at all) are at fault.
    receiver: bool = False


@dataclass(frozen=True)
class StaticPositionNotPassed:
    """A call of a function under a transformation whose `static_argnums` index the call's
    positional arguments (`jax.checkpoint`, `jax.remat`: see
    :attr:`~jaxcheck.names.Transform.static_argnums_index_call`) that passes fewer than those
    numbers need (the static parameter by keyword, or left to its default): the call raises
    `ValueError` before anything is traced."""

    option: cst.Arg  # the `static_argnums=...` argument of the application
    positions: tuple[int, ...]  # the numbers out of range of the call
    passed: int  # the positional arguments the call passes
    function: FunctionInfo  # the transformed function
    transform: str  # the transformation, for messages


@dataclass(frozen=True)
class StaticOptionValue:
    """A jit-like application run in host code with `static_argnums`, `static_argnames`,
    `donate_argnums` or `donate_argnames` not written as a literal (a factory's parameter, a
    computed tuple): the numbers or names the option held there, and the function it wraps.
    `jax.jit` checks them against that function's signature when it wraps it."""

    option: cst.Arg  # the `static_argnames=...` argument of the application
    name: str  # the option's name as written
    values: tuple  # the numbers (`*_argnums`) or names (`*_argnames`) it held
    function: FunctionInfo  # the wrapped function (a plain function: no `partial`, no receiver)


@dataclass(frozen=True)
class JitPerIteration:
    """Host code calls a jitted callable in a loop nested in one iteration of ``loop``, and both
    the jitted callable and the function it wraps were made during that iteration (a nested
    `def` in the loop body, a closure a factory called there returned), closing over arrays:
    jit's cache is keyed on the function object, so each iteration of ``loop`` compiles it
    again, with the arrays it closes over as constants of the program."""

    call: cst.CSTNode  # where the inner loop calls it
    loop: cst.CSTNode  # the loop statement whose every iteration builds it
    application: cst.CSTNode  # the `jax.jit(...)` or decorator that built it
    transform: str
    compiled: FunctionInfo  # the function it compiles
    maker: FunctionInfo | None  # the function whose run defined it (a factory), None: the loop's own
    captured: tuple[str, ...]  # names of the arrays it closes over
