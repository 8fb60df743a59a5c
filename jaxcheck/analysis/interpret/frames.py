"""What the interpreter runs with: how a frame runs (:class:`Mode`), the frame itself, and the
abstract arguments of a call."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import names
from ..values import BOTTOM, AbstractValue

if TYPE_CHECKING:
    import libcst as cst

    from ..syntax.scopes import FunctionInfo, Scope

Env = dict[str, AbstractValue]


@dataclass(frozen=True)
class Mode:
    """How a frame runs: host code, or traced (and how)."""

    traced: bool = False
    staged: bool = False  # traced into a compiled program (jit, pmap, lax bodies, their helpers)
    abstract: bool = False  # parameters are abstract tracers: Python control flow on them raises
    frozen: bool = False  # traced once and reused: trace-time side effects do not run again
    # Differentiated by grad, jvp or their kin outside an abstract trace: its tracers are JVP
    # tracers, concrete but for what needs the value itself (names.DIFFERENTIATED_CONCRETIZING_*).
    differentiated: bool = False
    # Traced only by transformations that batch eagerly (vmap) entered from host code: only what
    # the mapped arguments reach is abstract; an operation on concrete values alone (a float the
    # function closes over, a constant) runs at once and gives a concrete array.
    batching_only: bool = False

    @property
    def makes_abstract(self) -> bool:
        """Whether an array this frame makes from concrete values alone is an abstract tracer
        (under jit, pmap, lax bodies and checkpoint every operation is staged; under vmap alone
        it is not)."""
        return self.abstract and not self.batching_only

    def entered(self, transform: names.Transform) -> Mode:
        """The mode of a function ``transform`` traces when called from this mode (a custom
        derivative's function runs on the primal values: no longer differentiated)."""
        staged = self.staged or transform.staged
        return Mode(
            True, staged, self.abstract or transform.abstract, self.frozen or transform.name in names.JIT_TRANSFORMS,
            self.differentiated and transform.name not in names.CUSTOM_DERIVATIVES,
            transform.batches_eagerly and (not self.traced or self.batching_only),
        )


HOST = Mode()


class Frame:
    """One run of a function body (or of the module or a class body)."""

    __slots__ = (
        "function", "scope", "mode", "env", "closure", "returned", "breaks", "continues", "via",
        "compile_time", "local_names", "scalar_names", "yields", "yielded", "values", "serial", "origin",
        "origin_bound",
    )

    def __init__(
        self, function: FunctionInfo | None, scope: Scope, mode: Mode, env: Env, closure: Frame | None,
        via: FunctionInfo | None, local_names: frozenset[str],
    ) -> None:
        self.function = function
        self.scope = scope
        self.mode = mode
        self.env = env
        self.closure = closure
        self.returned: AbstractValue = BOTTOM
        self.breaks: list[list[Env]] = []
        self.continues: list[list[Env]] = []
        self.via = via  # the traced caller, for messages (None at an entry)
        self.compile_time = False  # inside `with jax.ensure_compile_time_eval()`
        self.local_names = local_names
        self.scalar_names: frozenset[str] = frozenset()
        self.yields = False
        self.yielded: AbstractValue = BOTTOM  # what its `yield`s give, joined (a generator's items)
        # What each expression held when this run last evaluated it (a loop's later pass
        # overwrites its first: it sees what earlier iterations left).
        self.values: dict = {}
        self.serial = 0  # set by the interpreter: which run this is
        self.origin: object = None  # the call that started this run, where one did
        self.origin_bound = 0  # leading parameters bound before that call (a method's receiver)


@dataclass(frozen=True)
class Arguments:
    """The abstract arguments of one call."""

    positional: tuple[AbstractValue, ...]
    keywords: tuple[tuple[str, AbstractValue], ...] = ()
    spread_positional: bool = False
    spread_keywords: bool = False
    # What each item of a spread of unknown length (`f(*children)`) holds, when known.
    spread_item: AbstractValue | None = None
    # The first positional is the instance a jitted method was called through (`obj.m(x)` with
    # `m` decorated by jit: jit receives `obj` first, and its `static_argnums` count it).
    receiver: bool = False
    # The call writes the function before these arguments: `jax.vjp(f, x, n)` passes `f` its
    # arguments after `f` itself.
    after_function: bool = False
    # Lax control flow calls the function written there as its body, with values it makes (the
    # carry, the scanned slice, the loop index): the call writes none of them.
    lax_body: cst.BaseExpression | None = None
