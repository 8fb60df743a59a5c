from __future__ import annotations

import libcst as cst

from ...analysis import FunctionInfo, ModuleFacts
from ..base import Context, Rule, invalid, valid
from ._common import manages_state
from ...positions import node_spans
from ...analysis.syntax.walk import names_read
from ...analysis.host.state import Change, LoopRebind


class StaleStateInJit(Rule):
    """
    ## What it does
    Checks for a jitted (staged) body that reads a module global or an attribute of `self`
    which other code of the module changes later: a function that rebinds the global
    (`global SCALE; SCALE = s`), a module-level loop (a script's, a notebook's) that rebinds
    it and calls the jitted function (`for k in range(100): params = update(params)` with
    `update` reading `k`), a method other than the constructor that sets the attribute
    (`def set_temperature(self, t): self.temperature = t`, and `self.fn(x)` of a function
    `assign_fn` stores), or host code that sets it on an
    object of the class in a loop or after calling a jitted method of it
    (`shaper.scale = scale` in a driver loop calling `shaper.shape(rewards)`).

    ## Why is this bad?
    JAX reads the value once, while tracing, and compiles it into the program as a constant.
    Changing the global or the attribute afterwards does not trace again, so later calls
    silently compute with the old value. Measured on jax 0.10.2: a jitted `x * SCALE` returns
    the same result after `set_scale(2.0)`, and so does `jax.jit(model.apply)` reading
    `self.temperature` after `model.set_temperature(3.0)`, and a method jitted with `self`
    static returns the first `shaper.scale` after the driver sets it to 0.5 and 0.25 (the same
    object is the cache key, whatever its `__hash__`).

    ## Example
    ```python
    SCALE = 1.0

    @jax.jit
    def scaled(x):
        return x * SCALE

    def set_scale(s):
        global SCALE
        SCALE = s
    ```

    ## Use instead
    ```python
    @jax.jit
    def scaled(x, scale):
        return x * scale  # pass what changes as an argument (static if it must be a Python value)
    ```

    ## Known problems
    Only changes made by code of the same module are seen, and a global of another module of
    the project that a function of the checked module rebinds through that module
    (`config.learning_rate = 0.01` after `import config`) where a trace it starts reads it,
    and a field that the checked module's host code sets on an object of another module's
    class (`stitcher.fixed_values = fixed` in a loop calling `nll(stitcher, pars)` with
    `stitcher` static) where a method of that class reads it in a trace the module starts.
    Assignments in `__init__` (and the methods only it calls) are the object's initial state, and
    so is a field the constructor leaves unset that one method alone binds (`initialize(self, x)`
    building `self.W`), unless that method stores its argument (a setter); a jitted function defined
    inside an untraced function is traced anew on each call of it, and is not checked. `flax.nnx.jit` tracks module
    state on purpose and is not checked. A value changed before the first call is harmless:
    a global whose every changer the module calls only in module-level statements above the
    jitted function's `def` (a script or notebook setting up first) is not reported. Elsewhere
    the order of the calls is not told. A read that gives a tracer reads back what the same
    trace stored (`b.set_params(x); return b.f()` in one jitted function): each call traces it
    from its own argument, and only the store is a finding (JAX105). A field read only to call a
    function it holds (`self.state.apply_fn(params, x)`, flax's `TrainState`) is not reported
    where every change stores an update of the old value (`model.state = model.step(model.state,
    batch)`): the callable is the pytree's aux data, which the update carries unchanged; a change
    that builds a new value (`model.state = TrainState.create(...)`) still is.
    """

    CODE = "JAX108"
    NAME = "stale-state-in-jit"
    MESSAGE = (
        "`{state}` is read at trace time by jitted function {function} and changed later by "
        "`{changer}`: calls after that still use the old value"
    )
    FIX_TITLE = "Pass the value as an argument instead of reading it from outer state"
    SEVERITY = "error"

    def check(self, context: Context) -> None:
        facts = context.facts
        self._bound_from: dict[str, set[str]] | None = None
        self._first_readers: dict[str, dict[str, tuple[int, LoopRebind]]] = {}
        for function in facts.traced_functions():
            trace = facts.summary(function)
            if trace is None or not trace.frozen or manages_state(trace) or _traced_per_call(facts, function):
                continue
            reported: set[str] = set()
            for node in facts.outer_reads(function):
                found = self._change(context, node, function)
                if found is None:
                    continue
                state, changer = found
                if state in reported or changer == function.qualname:
                    continue
                if isinstance(node, cst.Name) and state in facts.state_changes.globals and _set_before_defined(facts, state, function):
                    continue
                reported.add(state)
                context.report(
                    self, node, state=state, function=trace.description, changer=changer
                )

    def _change(self, context: Context, node: cst.BaseExpression, function: FunctionInfo) -> tuple | None:
        """(what is read, the first change of it) when other code of the module changes it."""
        facts = context.facts
        changes = facts.state_changes
        if isinstance(node, cst.Attribute) and changes.module_attributes:
            state = facts.project_global(node, function)
            rebinds = changes.module_attributes.get(state) if state is not None else None
            if rebinds:
                changer = rebinds[0].function
                named = facts.foreign.caller_name(function, changer) if facts.foreign is not None else None
                return state, named or changer.qualname
        if facts.foreign is not None and facts.foreign.module_name(function) is not None:
            # Another module's function: its own globals and fields are its own check's; a field
            # this module's host code sets on an object of its class is this one's.
            if _reads_self(node) and function.owner_class is not None:
                sets = _changes_of_what_is_read(node, function, changes.attribute_changes(function.owner_class, node.attr.value))  # type: ignore[attr-defined]
                if sets:
                    changer = sets[0].function
                    return f"self.{node.attr.value}", facts.foreign.caller_name(function, changer) or changer.qualname  # type: ignore[attr-defined]
            return None
        if isinstance(node, cst.Name):
            found = facts.resolver.lookup(node.value, function)
            if found is None or found[0].kind != "module":
                return None
            rebinds = changes.globals.get(node.value)
            if rebinds:
                return node.value, rebinds[0].function.qualname
            loops = changes.loop_rebinds.get(node.value)
            if not loops:
                return None
            # The first loop that rebinds it and calls the jitted function.
            first_readers = self._first_readers.get(node.value)
            if first_readers is None:
                first_readers = self._first_readers[node.value] = _first_readers(loops)
            calling = [first_readers[name] for name in self._module_names_for(facts, function) if name in first_readers]
            return (node.value, _header(context, min(calling)[1].loop)) if calling else None
        if _reads_self(node) and function.owner_class is not None:
            sets = _changes_of_what_is_read(node, function, changes.attribute_changes(function.owner_class, node.attr.value))  # type: ignore[attr-defined]
            return (f"self.{node.attr.value}", sets[0].function.qualname) if sets else None  # type: ignore[attr-defined]
        return None

    def _module_names_for(self, facts: ModuleFacts, function: FunctionInfo) -> set[str]:
        """The module-level names that call ``function``: its own, and names bound to an
        expression of it (`f_jit = jax.jit(f)`)."""
        if self._bound_from is None:
            self._bound_from = _names_bound_from(facts)
        return {function.name} | self._bound_from.get(function.name, set())

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def update(params, k):
                return params - 0.1 * k * jnp.ones(3)

            params = jnp.zeros(3)
            for k in range(100):  # a loop that rebinds a global but passes it
                params = update(params, k)
            """
        ),
        valid(
            """
            import jax

            N_KERNEL = 1

            def load_pattern(kernels):
                global N_KERNEL
                N_KERNEL = len(kernels)

            load_pattern([1, 2, 3])  # runs before `express` exists

            @jax.jit
            def express(x):
                return x * N_KERNEL
            """
        ),
        valid(
            """
            import jax

            SCALE = 1.0  # never rebound

            @jax.jit
            def scaled(x, scale):
                return x * scale * SCALE

            def run(x, s):
                return scaled(x, s)
            """
        ),
        valid(
            """
            import jax

            class Model:
                def __init__(self, temperature):
                    self.temperature = temperature  # set once, before any trace
                    self.fast = jax.jit(self.apply)

                def apply(self, x):
                    return x / self.temperature
            """
        ),
        valid(
            """
            import jax

            COUNT = 0

            def bump():
                global COUNT
                COUNT += 1  # host code reads it; no jitted function does

            @jax.jit
            def double(x):
                return x * 2
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            class PINN:
                def __init__(self, state):
                    self.state = state

                @partial(jax.jit, static_argnums=(0,))
                def u_net(self, params, x):
                    return self.state.apply_fn(params, x)  # a static field; params are passed

                @partial(jax.jit, static_argnums=(0,))
                def step(self, state, grads):
                    return state.apply_gradients(grads=grads)

            def train(model, batches):
                for grads in batches:
                    model.state = model.step(model.state, grads)  # apply_fn carried unchanged
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            from functools import partial
            from jax import jit

            class Wrapper:
                @partial(jit, static_argnums=0)
                def apply(self, x):
                    return self.fn(x)  # the function the object holds at the first trace

                def assign_fn(self, fn):
                    self.fn = fn
            """,
            line=7,
            message_contains="changed later by `Wrapper.assign_fn`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def update(params):
                return params - 0.1 * k * jnp.ones(3)  # `k` of the loop below, read once

            params = jnp.zeros(3)
            for k in range(100):
                params = update(params)
            """,
            line=6,
            message_contains="changed later by `for k in range(100)`",
        ),
        invalid(
            """
            import jax

            SCALE = 1.0

            @jax.jit
            def scaled(x):
                return x * SCALE

            def set_scale(s):
                global SCALE
                SCALE = s
            """,
            line=7,
            message_contains="`SCALE` is read at trace time by jitted function `scaled` and changed later by `set_scale`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx

            class Sampler:
                def __init__(self):
                    self.temperature = 1.0
                    self.sample = jx.jit(self._sample)

                def set_temperature(self, t):
                    self.temperature = t

                def _sample(self, logits):
                    return logits / self.temperature
            """,
            line=13,
            message_contains="`self.temperature` is read at trace time",
        ),
        invalid(
            """
            from jax import jit, lax

            BETA = 0.5

            def body(carry, x):
                return carry * BETA + x, None

            @jit
            def smooth(xs):
                return lax.scan(body, 0.0, xs)[0]

            def anneal(step):
                global BETA
                BETA = min(0.99, BETA + 0.01 * step)
            """,
            line=6,
            message_contains="`BETA` is read at trace time",
        ),
    ]


def _reads_self(node: cst.BaseExpression) -> bool:
    """`self.<field>` (not another module's global, `config.scale`)."""
    return isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self"


def _changes_of_what_is_read(node: cst.BaseExpression, function: FunctionInfo, changes: list[Change]) -> list[Change]:
    """The ``changes`` of the field ``node`` reads that change what the trace takes from it.
    A trace that reads the field only to call a function it holds (`self.state.apply_fn(params,
    x)`) reads the pytree's aux data: a callable cannot be a leaf of a value jit takes, and an
    update of the value (`model.state = model.step(model.state, batch)`) carries the aux data
    unchanged, so the trace's constant stays the current one (measured on jax 0.10.2 with a
    flax-like struct, bench/stale_static_field.py: the static `apply_fn` read from a static
    `self` gives the current result after nine updates; `params` read the same way stays the
    first update's)."""
    if not _calls_a_field_of(node, function):
        return changes
    return [change for change in changes if not change.updates_old_value()]


def _calls_a_field_of(node: cst.BaseExpression, function: FunctionInfo) -> bool:
    """`self.state.apply_fn(...)`: ``node`` is read to call a field of its value."""
    return any(type(call.func) is cst.Attribute and call.func.value is node for call in function.calls)  # type: ignore[attr-defined]


def _traced_per_call(facts, function: FunctionInfo) -> bool:
    """Whether the trace that reaches ``function`` is built anew on every call of host code
    (a jitted function defined inside an untraced one): it then reads the state of each call."""
    seen = set()
    while function not in seen:
        seen.add(function)
        trace = facts.summary(function)
        if trace is None or trace.via is None:
            break
        function = trace.via
    definer = function.parent.enclosing_function if function.parent is not None else None
    return definer is not None and facts.summary(definer) is None


def _header(context: Context, loop: cst.For | cst.While) -> str:
    """`for k in range(100)` or `while step < n`, without the body."""
    if isinstance(loop, cst.For):
        return f"for {context.code(loop.target)} in {context.code(loop.iter)}"
    return f"while {context.code(loop.test)}"


def _first_readers(loops: list[LoopRebind]) -> dict[str, tuple[int, LoopRebind]]:
    """For each name, the first of ``loops`` that reads it, with its place among them (looked
    up per jitted function instead of scanning every loop for each)."""
    found: dict[str, tuple[int, LoopRebind]] = {}
    for place, loop in enumerate(loops):
        for name in loop.reads:
            found.setdefault(name, (place, loop))
    return found


def _names_bound_from(facts: ModuleFacts) -> dict[str, set[str]]:
    """For each name, the module-level names assigned an expression that reads it, from one
    pass over the module's assignments (once per jitted function, it made 2,000 module-level
    loops that each jit a lambda quadratic: 27 s)."""
    found: dict[str, set[str]] = {}
    for name, bindings in facts.resolver.module_scope.bindings.items():
        for binding in bindings:
            if binding.kind == "assign" and isinstance(binding.node, cst.BaseExpression):
                for read in names_read(binding.node):
                    found.setdefault(read, set()).add(name)
    return found


def _set_before_defined(facts: ModuleFacts, state: str, function: FunctionInfo) -> bool:
    """Whether every function rebinding the global ``state`` runs only before ``function`` is
    defined: the module calls each of them (and passes none of them on) only in module-level
    statements above the `def`, as a script or notebook sets its globals up first."""
    defining = function
    while defining.parent is not None and defining.parent.kind != "module":
        defining = defining.parent  # a nested def exists once the top-level one has run
    calls = []
    for change in facts.state_changes.globals.get(state, ()):
        sites = facts.frequency.call_sites(change.function)
        if not sites or facts.frequency.escapes(change.function):
            return False
        if any(site.scope.enclosing_function is not None for site in sites):
            return False
        calls += [site.node for site in sites]
    spans = node_spans(facts.module, [defining.node, *calls])
    if defining.node not in spans:
        return False
    defined_at = spans[defining.node].line
    return all(call in spans and spans[call].line < defined_at for call in calls)
