"""What the key walk does at calls, reads and bindings: the events of :mod:`~jaxcheck.analysis.keys.model`.

:class:`State` maps each key variable (`key`, `keys[0]`, `state.rng`) to the versions it may
hold; versions that alias one key share a root, and each root's first consumption is kept.
:class:`KeyEvents` turns calls into consumptions (samplers, `split`, key holders, flax
`rngs={...}`, same-module functions that consume a key parameter or a key of their enclosing
scope) and records a :class:`~.keys.KeyReuse` when a root is consumed again.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax import binding
from ..transforms import carry, nnlibs
from .guards import not_taken
from .model import (
    KeyReuse, KeyUse, LeftOutDefault, Returned, Summary, UseKind, argument, callees_of, drawn_key, linen_init_keys, random_constructor,
    random_consumer, annotates_field, iterations_alike, loop_parts, only_assignment_of_field, receiver_of, runner_target,
    unresolved_key_arguments, GivenWhole, body_functions, hands_keys, plain_target_names, unread_key_parameters,
)
from ..transforms.instances import enclosing_class
from ..syntax.scopes import FunctionInfo, Scope
from ..syntax.walk import binding_targets, descendants, dotted_name, names_read

if TYPE_CHECKING:
    from ..facts import ModuleFacts
    from .flow import KeyFlow


_creation = itertools.count()


class Version:
    """One binding of a key variable; versions that alias one key share a root.

    Versions hash by identity, so a set of them iterates in an order that depends on memory
    addresses; whatever reports one of several versions goes through :func:`in_creation_order`,
    which makes the findings a function of the source alone."""

    __slots__ = ("root", "returned", "seeded", "serial")

    def __init__(self, root: Version | None = None, returned: tuple[FunctionInfo, Returned] | None = None) -> None:
        self.root: Version = root if root is not None else self
        self.returned = returned
        self.seeded = False  # a root made from a seed: its seed makes it again, held or not
        self.serial = next(_creation)


def in_creation_order(versions: Iterable[Version]) -> list[Version]:
    return sorted(versions, key=lambda version: version.serial)


class Bindings(dict):
    """Key variable -> the versions it may hold. It remembers which names have fields or items
    bound (`state` and `state.opt` for `state.opt.rng`), so forgetting a name looks for what is
    reached through it only when there is something: forgetting stays O(1) per assignment in a
    module of thousands of names."""

    __slots__ = ("parents",)

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.parents: set[str] = set()
        for name in self:
            self._note(name)

    def __setitem__(self, name: str, versions: frozenset[Version]) -> None:
        self._note(name)
        super().__setitem__(name, versions)

    def update(self, other) -> None:  # type: ignore[override]
        for name, versions in other.items():
            self[name] = versions

    def copy(self) -> Bindings:
        copied = Bindings()
        dict.update(copied, self)
        copied.parents = set(self.parents)
        return copied

    def _note(self, name: str) -> None:
        self.parents.update(_parents(name))


class State:
    __slots__ = ("bindings", "consumed")

    def __init__(self, bindings: Bindings | None = None, consumed: dict[Version, KeyUse] | None = None) -> None:
        self.bindings = bindings if bindings is not None else Bindings()
        self.consumed = consumed if consumed is not None else {}

    def copy(self) -> State:
        return State(self.bindings.copy(), dict(self.consumed))

    def drop(self, variable: str) -> None:
        """Forget ``variable`` and everything reached through it (`state.rng` when `state` changes)."""
        self.bindings.pop(variable, None)
        if variable in self.bindings.parents:
            for name in [n for n in self.bindings if n.startswith((variable + ".", variable + "["))]:
                del self.bindings[name]


def join(states: Sequence[State | None]) -> State | None:
    """The state after paths meet: a variable may hold any of its versions on those paths, and
    a version counts as consumed when it is consumed on a path where something still holds it
    (after a loop, the key split on the second pass is not the one held after the first)."""
    live = [s for s in states if s is not None]
    if not live:
        return None
    joined = State()
    for state in live:
        held = {v.root for versions in state.bindings.values() for v in versions}
        for name, versions in state.bindings.items():
            joined.bindings[name] = joined.bindings.get(name, frozenset()) | versions
        for root, use in state.consumed.items():
            if root in held or root.seeded:
                joined.consumed.setdefault(root, use)
    if len(live) > 1 and joined.bindings.parents:
        # A field of an object that some path rebound (`if c: state = body(state)`): on that
        # path the field is the new object's, whatever the others hold there. What the joined
        # field holds is not known (HF-style generation: the key of a `SampleState` built
        # before the branch, consumed on one path and replaced with the object on it).
        def differs(name: str) -> bool:
            return len({state.bindings.get(name) for state in live}) > 1

        for name in [n for n in joined.bindings if "." in n or "[" in n]:
            if differs(name) and any(differs(parent) for parent in _parents(name)):
                del joined.bindings[name]
    return joined


class KeyEvents:
    """Consumption, reuse and binding of keys; the walk in :mod:`~jaxcheck.analysis.keys.walk` supplies the order."""

    flow: KeyFlow
    facts: ModuleFacts
    function: FunctionInfo | None
    scope: Scope
    reuses: list[KeyReuse]
    summary: Summary
    _statement: cst.CSTNode
    _loops: list[cst.CSTNode]
    _params: dict[str, Version]
    _outer: dict[Version, str]
    _consumed_ever: set[Version]
    _first_uses: dict[Version, KeyUse]
    _uses_by_root: dict[Version, list[KeyUse]]  # every consumption of each key, in order
    _row_selecting_calls: set[cst.Call]  # calls of functions that only select rows with the key given
    # Calls of helpers that consume a key only to move the rows of arrays they are given (see
    # ``Summary.rows_of``): how they move them, and the arguments whose rows move.
    _rows_moved_by_calls: dict[cst.Call, tuple[str, tuple[cst.BaseExpression, ...]]]
    _use_roots: dict[KeyUse, set[Version]]
    _entry_fields: dict[Version, str]
    _rebound: set[str]
    _changed: set[str]
    # Keys a call left in a field of a parameter after advancing it (`schedule.explore()` runs
    # `self.key, sub = split(self.key)`), with the function that advances it: the object's stream.
    _advanced_fields: dict[Version, FunctionInfo]
    _left_spent: set[cst.Call]  # consumptions reported as leaving an advanced key spent
    _touched: set[str]
    _returns: dict[cst.Call, tuple[FunctionInfo, Summary, dict[str, cst.BaseExpression]]]
    _repeating: cst.CSTNode | None
    _mapped_by: str | None  # the mapping transformation (`jax.vmap`) repeating this body, if one does
    _repeated_chain: tuple[FunctionInfo, ...]  # this function out to the body repeated
    _from_outside_repetition: set[Version]  # keys read from outside that body: the same each time
    # Of those, the parameters the mapping hands whole to every element, and how: a `partial`
    # bound them before the mapping, or its axes leave them unmapped.
    _given_whole: dict[Version, GivenWhole]
    _partial_arguments: dict[Version, cst.BaseExpression | None]
    # What each call assigned to names bound (None: something else too, `self.rng` or `keys[0]`)
    # and every version a name was read holding: a `split` whose keys nobody reads consumed nothing.
    _results: dict[cst.Call, frozenset[Version] | None]
    _asserted: list[tuple[set[str], set[str]]] | None  # both sides of each assertion of the body, as names read
    _read_roots: set[Version]
    # Calls of functions that split a key for their caller, with where their results hold the
    # keys (see ``Summary.split_for_caller``): those results are what `_results` records.
    _split_results: dict[cst.Call, frozenset[tuple[int, ...]]]
    _expecting_raise: int  # inside how many blocks a test expects to raise (`with pytest.raises(E):`)
    _carry_transform: str | None  # `jax.lax.scan`/`fori_loop`/`while_loop` when this is its body
    _example_inputs: set[cst.Call]
    _runner_calls: dict[cst.Call, cst.Call]  # `target(*args)` of a runner, one per runner call
    _seed_roots: dict[tuple, tuple[Version, cst.Call]]  # the key of each seed, and its maker
    _root_seeds: dict[Version, tuple]
    _returned_seeds: list[str | None]
    _repeats_written_seeds: bool  # see `_same_each_repetition`
    _fixed_seed_made_at: cst.Call | None  # see ``Summary.fixed_seed_made_at``
    _default_key_drawn: LeftOutDefault | None  # see ``Summary.default_key_drawn``
    # Fields of pytrees this body built around a key (`state = State(x, key=key)`), each with the
    # expression that put the key there: where a `return state` hands that key back.
    _built_fields: dict[str, cst.BaseExpression]
    # Constructor calls that leave keys they are given in fields of the object they build (see
    # ``Summary.stored_fields``): each field's path below the object and the caller's key.
    _constructed: dict[cst.Call, list[tuple[str, str]]]
    _inert_arguments: dict[cst.Call, list[str]]  # per resolved call: the names it passes to inert parameters

    def _expr(self, node: cst.CSTNode, state: State) -> None:
        raise NotImplementedError

    def _call(self, call: cst.Call, state: State) -> None:
        if self._only_traced(call):
            return  # `jax.make_jaxpr(f)(key, x)`: a jaxpr, no random bits drawn
        name = random_consumer(self.facts, call, self.scope)
        if name in names.PRNG_SAMPLERS or name == names.PRNG_SPLIT:
            key = argument(call, 0, "key")
            if key is not None and call not in self._example_inputs:
                kind: UseKind = "split" if name == names.PRNG_SPLIT else "draw"
                self._consume(key, kind, f"jax.random.{name.rsplit('.', 1)[1]}", call, state)  # type: ignore[union-attr]
            return
        drawn = drawn_key(self.facts, call, self.scope)
        if drawn is not None:
            self._consume(drawn[0], "draw", drawn[1], call, state)
            return
        if name in names.PRNG_KEY_HOLDERS:
            for arg in call.args:
                self._consume(arg.value, "call", name, call, state)  # type: ignore[arg-type]
            return
        haiku_key = nnlibs.haiku_apply_key(self.facts.staging, call, self.scope)
        by_library = haiku_key is not None or any(arg.keyword is not None and arg.keyword.value == "rngs" for arg in call.args)
        if haiku_key is not None and not _in_evaluation(call):
            # `model.apply(params, rng, x)` of `hk.transform` splits `rng` for its draws.
            self._consume(haiku_key, "call", dotted_name(call.func) or "apply", call, state)
        for key in linen_init_keys(self.facts, call, self.scope):
            # flax linen `model.init(key, x)` derives the parameters' keys from its key.
            self._consume(key, "derive", dotted_name(call.func) or "init", call, state)
            by_library = True
        for arg in call.args:
            # flax linen `apply(..., rngs={"dropout": key})`; a bare `rngs=rngs` is an `nnx.Rngs`,
            # a stateful stream that is meant to be handed to every submodule.
            if arg.keyword is not None and arg.keyword.value == "rngs" and isinstance(arg.value, cst.Dict):
                for element in arg.value.elements:
                    if not (_is_dropout_stream(element) and _in_evaluation(call)):
                        self._consume(element.value, "derive", f"{dotted_name(call.func) or 'the call'}(rngs=...)", call, state)
        self._run_bodies(call, state)
        self._map_over_leaves(call, state)
        ran = self._run_by_library(call)
        callee = self._callee(call) if ran is None else ran[0]
        if callee is not None:
            function, offset = callee
            summary = self.flow.summary(function)
            # What a runner calls it with is `target(*args)` (`ran[1]`), reported at the runner.
            bound = bind_call(ran[1] if ran is not None else call, function, offset)
            for param, expression in bound.items():
                if param in summary.consumed and not self._branch_left(summary, param, bound, function):
                    if param in summary.selects_rows:
                        self._row_selecting_calls.add(call)
                    self._note_rows_moved(call, summary.rows_of.get(param), bound)
                    split_for_caller = summary.split_for_caller.get(param)
                    if split_for_caller:  # the call splits the key: its keys are what it returns there
                        self._split_results[call] = self._split_results.get(call, frozenset()) | split_for_caller
                    self._consume(expression, "call", function.qualname, call, state)
            for outer in sorted(summary.consumed_outer):
                if self._sees_same_binding(outer, function):
                    self._note_rows_moved(call, summary.rows_of.get(outer), bound)
                    self._consume_variable(outer, call.func, "call", function.qualname, call, state)
                    if outer in summary.rebound_outer and self.facts.jitted_callee(call, self.scope) is None:
                        # Advanced by the call: a new key after it. A jitted call runs the
                        # compiled program, which rebinds nothing (the trace rebound it once).
                        state.bindings[outer] = frozenset({Version()})
                        if self.function is not None and outer not in self.function.bindings:
                            self._outer_rebound_by_calls.add(outer)  # advanced for this one's callers too
            self._inert_arguments[call] = _inert_arguments(bound, summary)
            self._note_fixed_seed_drawn_by(function, summary, summary.fixed_seed_made_at, call, bound)
            # left out: the callee draws from its one default key
            left_out = [LeftOutDefault(function, p, made) for p, made in summary.default_keys.items() if p not in bound]
            default = left_out[0] if left_out else summary.default_key_drawn
            if default is not None:
                self._note_fixed_seed_drawn_by(function, summary, default.made_at, call, bound, default)
            given = self._given(call, function, offset, bound)
            if summary.consumed_fields or summary.rebound_fields or summary.changed_objects:
                self._fields_of_call(call, function, given, summary, state)
            if summary.stored_fields:
                self._note_stored(call, function, given, summary, state)
            if summary.returned:
                self._returns[call] = (function, summary, given)
            return
        # An unknown call may change what the objects it is given hold (`self.reset()`); a
        # library object held in a field and called (`self.linear(x)`) may change only itself;
        # a copy with fields replaced (`state.replace(rng=k)`) changes nothing it is given.
        if self._copies_with_fields(call):
            return
        if not by_library:
            # A callable the analysis cannot see into draws from the key it is handed, once
            # however many of its arguments hand it (`init(key, x, key)`).
            given = {self._variable(key) or "": key for key in unresolved_key_arguments(self.facts, call, self.scope)}
            for key in given.values():
                self._consume(key, "given", dotted_name(call.func) or "the call", call, state)
        for node in (call.func, *(arg.value for arg in call.args)):
            receiver = node.value if isinstance(node, cst.Attribute) and node is call.func and not self._field_called(node) else node
            head = dotted_name(receiver)
            if head is not None:
                self._forget_fields(head, state)

    @staticmethod
    def _branch_left(summary: Summary, param: str, bound: dict[str, cst.BaseExpression], function: FunctionInfo) -> bool:
        """Whether the call passes a constant (or leaves a parameter to a constant default) that
        leads a test guarding every consumption of ``param`` the other way (see
        ``Summary.consumed_only_if``): `sample(..., seed=key, argmax=True)` draws nothing."""
        guards = summary.consumed_only_if.get(param)
        if not guards:
            return False
        arguments = {}
        for tested, *_ in guards:
            declared = function.param(tested)
            arguments[tested] = bound.get(tested, declared.default if declared is not None else None)
        return not_taken(guards, arguments)

    def _only_traced(self, call: cst.Call) -> bool:
        """Whether ``call`` runs a function only to trace it (see ``Transform.evaluates``): the
        function `jax.make_jaxpr(f)` returns, or `jax.eval_shape(f, key, x)`."""
        for node in (call.func, call):
            application = self.facts.staging.application(node, self.scope) if type(node) is cst.Call else None
            if application is not None and not application.transform.evaluates:
                return True
        return False

    def _note_fixed_seed_drawn_by(
        self, function: FunctionInfo, summary: Summary, made_at: cst.Call | None, call: cst.Call,
        bound: dict[str, cst.BaseExpression], default: LeftOutDefault | None = None,
    ) -> None:
        """A call of ``function``, which draws from a key made at ``made_at`` from a written seed
        (see ``Summary.fixed_seed_made_at``), or from the constant default of a key parameter the
        call leaves out (see ``Summary.default_keys``; measured on jax 0.10.2: `jax.vmap` of a
        function calling `fit(x)` with `rng=PRNGKey(0)` left out gives every element the same
        numbers, bench/measure_default_keys.py): in a body a lax loop or a mapping repeats, every
        repetition draws those same numbers, reported at the constructor (in its own module). So
        does every pass of a host loop whose passes run the very same call
        (`[sample() for _ in range(3)]`, or `iterate(data, epoch)` where `iterate` never lets
        `epoch` reach what it computes: see ``Summary.inert``): nothing else than randomness
        could tell them apart (measured on jax 0.10.2: a jitted `normal(PRNGKey(77), ...)`
        called so returns three equal arrays, case 610). A ``default`` key left out by host
        calls that repeat is key-parameter-overwritten's (see `default_key_reuses`): here only
        the repetitions of a traced body count."""
        if made_at is None:
            return
        if default is not None:
            self._default_key_drawn = self._default_key_drawn or default
        elif self._fixed_seed_made_at is None:
            self._fixed_seed_made_at = made_at
        loop = self._loops[-1] if self._loops else None
        if not (
            self._repeats_written_seeds
            or (
                default is None and loop is not None and _same_call_each_pass(call, loop, _inert_arguments(bound, summary))
                and not _result_dropped(call, self._statement)
            )
        ):
            return
        if unread_key_parameters(self.facts, function):
            return  # it ignores the key it is given for that one: key-parameter-overwritten says so there
        use = KeyUse(
            call, made_at, self.facts.module.code_for_node(made_at), "call", function.qualname, self._statement,
            self.function, self._loops[-1] if self._loops else None,
        )
        repeating = self._repeating if self._repeats_written_seeds else loop
        mapped_by = self._mapped_by if self._repeats_written_seeds else None
        self.reuses.append(KeyReuse("loop", use, use, loop=repeating, mapped_by=mapped_by, remade_at=made_at, left_out=default))

    def _field_called(self, func: cst.Attribute) -> bool:
        """Whether ``func`` is `self.X` where `X` is no method of the class around this code,
        but a field its methods assign (`self.linear = eqx.nn.Linear(...)`) or its body
        annotates (`linear: eqx.nn.Linear`)."""
        if type(func.value) is not cst.Name or func.value.value != "self":  # type: ignore[attr-defined]
            return False
        owner = enclosing_class(self.scope)
        return owner is not None and func.attr.value not in owner.methods and (
            only_assignment_of_field(func, self.scope) is not None or annotates_field(owner, func.attr.value)
        )

    @staticmethod
    def _given(
        call: cst.Call, function: FunctionInfo, offset: int, bound: dict[str, cst.BaseExpression],
    ) -> dict[str, cst.BaseExpression]:
        """What a call passes for each parameter it binds, `self` included (`model` of `model.sample()`)."""
        given = dict(bound)
        # (a constructor's object is what the call returns: see `_note_stored`)
        receiver = receiver_of(call, function) if offset == 1 and function.params and function.name != "__init__" else None
        if receiver is not None:
            given[function.params[0].name] = receiver
        return given

    def _fields_of_call(
        self, call: cst.Call, function: FunctionInfo, given: dict[str, cst.BaseExpression],
        summary: Summary, state: State,
    ) -> None:
        """What a call does to keys held in the fields of its arguments: `model.sample()`
        consumes `model.rng` when `sample` draws from `self.rng`, and after a call that rebinds
        `self.rng` the caller's `model.rng` holds a new key."""
        for field_path in sorted(summary.consumed_fields):
            variable = self._field_here(field_path, given)
            # a key a method leaves spent in its object's stream is reported in that method
            if variable is not None and field_path not in summary.left_unadvanced:
                stored_by = summary.drawn_unadvanced.get(field_path, frozenset())
                self._consume_variable(variable, call.func, "call", function.qualname, call, state, stored_by)
        # A jitted call hands its arguments to the compiled program as leaves and rebuilds them
        # from tracers inside: what the function rebinds there is the rebuilt object's, and the
        # caller's object keeps the key it held (measured on jax 0.10.2: a registered pytree
        # whose `__next__` splits `self.key`, given twice to a jitted function that draws with
        # `next(a)`, draws the same numbers both times; bench/measure_jitted_field_rebinding.py).
        jitted = self.facts.jitted_callee(call, self.scope) is not None
        for field_path in sorted(summary.rebound_fields):
            variable = self._field_here(field_path, given)
            if variable is not None and not jitted:
                spent_back = summary.spent_back.get(field_path)
                before = state.bindings.get(variable, frozenset()) if spent_back is not None else frozenset()
                self._note_rebound(variable)
                state.drop(variable)
                version = Version()
                state.bindings[variable] = frozenset({version})
                if before:  # the key it held, consumed by the call and handed back
                    state.bindings[variable] = frozenset(Version(v.root, spent_back) for v in before)
                    continue
                if field_path in summary.consumed_fields and function.method_kind == "instance":
                    self._advanced_fields[version] = function
        for object_path in sorted(summary.changed_objects):
            variable = self._field_here(object_path, given)
            if variable is not None:
                self._forget_fields(variable, state)

    def _note_stored(
        self, call: cst.Call, function: FunctionInfo, given: dict[str, cst.BaseExpression], summary: Summary,
        state: State,
    ) -> None:
        """A call that leaves a key it is given in a field of its object (see
        ``Summary.stored_fields``): the caller's object holds that key there, the very one the
        caller still holds (`schedule.set_key(k)`); a constructor's object is the name the call
        is assigned to (`s = PRNGSequence(k)`, see `_assign`)."""
        receiver = function.params[0].name if function.params else ""
        constructed = []
        for path, param in sorted(summary.stored_fields.items()):
            held = self._variable(given[param]) if param in given else None
            if held is None:
                continue
            _, rest = split_head(path)
            if function.name == "__init__":
                constructed.append((rest, held))
                continue
            variable = self._field_here(path, given)
            if variable is not None:
                state.bindings[variable] = self._read(held, state)
        if constructed:
            self._constructed[call] = constructed

    def _note_stream_keys_left_spent(self, state: State) -> None:
        """At a way out of the function: a key a method of an object advanced into the object's
        field (`schedule.explore()` runs `self.key, sub = split(self.key)`) that this function
        then consumed and left there (`randint(schedule.key, ...)`): the object's next advance
        splits the spent key again (jax's key-reuse check raises `KeyReuseError` in `split`)."""
        for variable, versions in state.bindings.items():
            head, _ = split_head(variable)
            if head == variable or head not in self._params or len(versions) != 1:
                continue
            (version,) = versions
            advancer = self._advanced_fields.get(version)
            use = state.consumed.get(version.root)
            if advancer is None or use is None or use.kind in ("derive", "given") or use.call in self._left_spent:
                continue
            self._left_spent.add(use.call)
            self.reuses.append(KeyReuse("again", use, use, advanced_by=advancer))

    def _field_here(self, path: str, given: dict[str, cst.BaseExpression]) -> str | None:
        """The caller's name for the callee's `self.rng`: `model.rng` when `self` is `model`."""
        head, rest = split_head(path)
        expression = given.get(head)
        base = self._variable(expression) if expression is not None else None
        return base + rest if base is not None else None

    def _note_rebound(self, variable: str) -> None:
        """``variable`` no longer holds what the caller handed in: a parameter's field rebound
        (a parameter rebound is only a local name that changed)."""
        head, _ = split_head(variable)
        if head in self._params:
            self._touched.add(variable)
            if variable != head:
                self._rebound.add(variable)

    def _forget_fields(self, variable: str, state: State) -> None:
        """An object handed to a call that may change what it holds (`self.reset()`): its
        fields and items hold keys no longer known."""
        for name in [v for v in state.bindings if v.startswith((variable + ".", variable + "["))]:
            del state.bindings[name]
        head, _ = split_head(variable)
        if head in self._params:
            self._changed.add(variable)

    def _as_on_entry(self, variable: str) -> bool:
        """A field of a parameter that nothing has rebound yet: the caller's key."""
        head, _ = split_head(variable)
        if head not in self._params or head == variable:
            return False
        within = _parents(variable)
        return variable not in self._touched and not any(p in self._touched or p in self._changed for p in within)

    def _run_by_library(self, call: cst.Call) -> tuple[tuple[FunctionInfo, int], cst.Call] | None:
        """A function a library runs with the arguments given (`threading.Thread(target=worker,
        args=(key,))`): the function and, as a call of it, what it is run with."""
        target = runner_target(self.facts, call, self.scope)
        if target is None:
            return None
        name = names.canonical(self.facts.qualified_name(call.func, self.scope) or "")
        args_keyword = names.FUNCTION_RUNNERS[name][1]
        given = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == args_keyword), None)
        if not isinstance(given, (cst.Tuple, cst.List)):
            return None
        found = self.facts.staging.functions_of(target, self.scope)
        if len(found) != 1 or found[0][1] is None:
            return None
        made = self._runner_calls.get(call)
        if made is None:
            arguments = [cst.Arg(e.value) for e in given.elements if not isinstance(e, cst.StarredElement)]
            made = self._runner_calls[call] = cst.Call(func=target, args=arguments)
        return found[0], made  # type: ignore[return-value]

    def _map_over_leaves(self, call: cst.Call, state: State) -> None:
        """`jax.tree_map(convert_data, storage)`: a tree map calls the function it is given on
        every leaf, so the keys that function reads from enclosing scopes are consumed by the map
        call, once (the same key on every leaf is the mapped body's own concern, see
        `_aligns_leaves`). A key it only moves rows with moves those of the tree's leaves (see
        `_aligned_rows`: `convert_data(advantages)` after it keeps advantages aligned with them)."""
        if names.canonical(self.facts.qualified_name(call.func, self.scope) or "") not in names.TREE_MAPS:
            return
        mapped, tree = argument(call, 0, "f"), argument(call, 1, "tree")
        found = body_functions(self.facts, mapped, self.scope) if mapped is not None else []
        if len(found) != 1 or found[0][1] is None or tree is None:
            return
        function = found[0][0]
        summary = self.flow.summary(function)
        leaf = {function.params[0].name: tree} if function.params else {}
        for outer in sorted(summary.consumed_outer):
            if self._sees_same_binding(outer, function):
                self._note_rows_moved(call, summary.rows_of.get(outer), leaf)
                self._consume_variable(outer, call.func, "call", function.qualname, call, state)

    def _run_bodies(self, call: cst.Call, state: State) -> None:
        """A lax control-flow call (`cond`, `switch`, `scan`, `fori_loop`, `while_loop`) runs its
        bodies with its operands and carry (see ``carry.body_calls``): a key operand, or a key
        inside the carry (`(x, key)`, `{"key": key}`), that a body consumes is consumed by the
        call, as a helper's is. Consumed once however many branches consume it (one runs); what
        the body does to the key on the next iteration is its own walk's concern."""
        consumed: dict[str, tuple[cst.BaseExpression, str, UseKind]] = {}  # variable -> (where, body, how)
        for body, received in carry.body_calls(self.facts.staging, call, self.scope):
            found = body_functions(self.facts, body, self.scope)
            if len(found) != 1 or found[0][1] is None:
                continue
            function, offset = found[0]
            summary = self.flow.summary(function)
            bound = bind_call(received, function, offset)  # type: ignore[arg-type]
            places = [(bound[p], "", p) for p in summary.consumed if p in bound]
            for path in sorted(summary.consumed_fields):
                place = _operand_field(path, bound)
                if place is not None:
                    places.append((*place, path))
            for expression, rest, name in places:
                variable = self._variable(expression)
                if variable is None:
                    continue
                written = self._written_element(expression, rest)
                # A body that splits the key first (`k, sub = split(k)`) makes keys that share no
                # bits with what a callable drew from it before the loop (see `_consume_variable`).
                kind: UseKind = "split" if name in summary.split_first else "call"
                earlier = consumed.get(variable + rest)
                if earlier is None or earlier[2] == "split":
                    consumed[variable + rest] = (written or expression, function.qualname, kind)
        for variable, (expression, body_name, kind) in consumed.items():
            self._consume_variable(variable, expression, kind, body_name, call, state)

    def _written_element(self, carry: cst.BaseExpression, rest: str) -> cst.BaseExpression | None:
        """Where a carry held in a name was written with the key in it (`key` of `init = (key,
        x)` for `init[0]`), when the name's only binding is that display: the spent key is put
        into the loop there, which is where a finding points."""
        if type(carry) is not cst.Name or not rest:
            return None
        found = self.facts.resolver.lookup(carry.value, self.scope)  # type: ignore[attr-defined]
        bindings = found[1] if found is not None and found[0] is self.scope else []
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].unpacked is not None:
            return None
        written = bindings[0].node
        if not isinstance(written, (cst.Tuple, cst.List, cst.Dict)):
            return None
        place = _operand_field("carry" + rest, {"carry": written})
        return place[0] if place is not None and not place[1] else None

    def _sees_same_binding(self, name: str, function: FunctionInfo) -> bool:
        """Whether ``name`` here is the variable that ``function`` reads from its enclosing scope."""
        here = self.facts.resolver.lookup(name, self.scope)
        there = self.facts.resolver.lookup(name, function)
        return here is not None and there is not None and here[0] is there[0]

    def _callee(self, call: cst.Call) -> tuple[FunctionInfo, int] | None:
        head = call.func
        while type(head) is cst.Attribute:
            head = head.value  # type: ignore[attr-defined]
        if type(head) is cst.Name:
            found_head = self.facts.resolver.lookup(head.value, self.scope)  # type: ignore[attr-defined]
            if found_head is not None and all(b.kind == "import" for b in found_head[1]) and not self._project_import(call.func):
                return None  # `jnp.sum(...)`, `optax.adam(...)`: not a function of the checked code
        found = callees_of(self.facts, call, self.scope)
        if len(found) == 1 and found[0][1] is not None:
            return found[0]  # type: ignore[return-value]
        passed = self.flow.parameter_callee(call, self.scope) if not found else None
        if passed is not None:  # `step_fn(key)` of a parameter: what every call of its function passes
            return passed
        # A class of the checked code built here with a key runs its `__init__` with the
        # arguments given (what it does with the key: see ``Summary.stored_fields``).
        owner = self.facts.staging.class_named(call.func, self.scope) if not found and hands_keys(self.facts, call, self.scope) else None
        init = owner.methods.get("__init__") if owner is not None else None
        return (init, 1) if init is not None and init.method_kind == "instance" else None

    def _project_import(self, func: cst.BaseExpression) -> bool:
        """Whether ``func`` names, through an import, code of the checked project (`value_head`
        of `from networks import value_head`): its key summary is worked out like this module's."""
        foreign = self.facts.foreign
        if foreign is None:
            return False
        qualified = self.facts.qualified_name(func, self.scope)
        return qualified is not None and foreign.project.is_project_name(qualified)

    # -- keys ------------------------------------------------------------------------------

    def _consume(self, expression: cst.BaseExpression, kind: UseKind, callee: str, call: cst.Call, state: State) -> None:
        variable = self._variable(expression)
        if variable is None and isinstance(expression, cst.Call):
            # A key made on the spot from a seed (`normal(PRNGKey(0))`, `normal(make_key())`):
            # the key of that seed, whatever the expression.
            root = self._seeded_root(expression, state)
            if root is not None:
                variable = self.facts.module.code_for_node(expression)
                state.bindings[variable] = frozenset({Version(root)})
        if variable is not None:
            self._consume_variable(variable, expression, kind, callee, call, state)

    def _consume_variable(
        self, variable: str, node: cst.BaseExpression, kind: UseKind, callee: str, call: cst.Call, state: State,
        stored_by: frozenset[FunctionInfo] = frozenset(),
    ) -> None:
        if self._expecting_raise:
            return  # a call the test expects to raise yields no draw anyone sees (see `_expects_raise`)
        versions = self._read(variable, state)
        use = KeyUse(
            call, node, variable, kind, callee, self._statement, self.function,
            self._loops[-1] if self._loops else None, stored_by,
        )
        for version in in_creation_order(versions):
            prior = state.consumed.get(version.root)
            if prior is not None and (prior.kind == "derive") != (kind == "derive"):
                # Keys derived by `fold_in` (what flax does with the key of `init` and of
                # `apply(rngs=...)`) share no bits with draws from the key itself.
                if kind != "derive":
                    state.consumed[version.root] = use
            elif prior is not None and prior.kind == "given" and kind != "given":
                # A split after a callable drew from the key makes keys that share no bits with
                # that draw, nor with what a callable deriving keys (flax's `init`) took. What
                # follows is compared with this use, which the analysis sees whole.
                if kind != "split":
                    self._reuse(prior, use, version)
                state.consumed[version.root] = use
            elif prior is not None and not self._split_on_another_path(prior, versions):
                self._reuse(prior, use, version)
            elif prior is None and (
                self._repeating is not None and kind != "given" and self._same_each_repetition(version.root)
                and not self._aligns_leaves(use) and not use.stored_by
            ):
                self.reuses.append(KeyReuse(
                    "loop", use, use, loop=self._repeating, mapped_by=self._mapped_by,
                    given_whole_by=self._given_whole.get(version.root), remade_at=self._host_seeded_at(version.root),
                    bound_at=self._partial_arguments.get(version.root),
                ))
        for version in versions:
            if self._fixed_seed_made_at is None and kind in ("draw", "split", "call"):
                self._fixed_seed_made_at = self._written_seed_constructor(version.root)
            state.consumed.setdefault(version.root, use)
            self._consumed_ever.add(version.root)
            self._first_uses.setdefault(version.root, use)
            uses = self._uses_by_root.setdefault(version.root, [])
            if use not in uses:
                uses.append(use)
            self._use_roots.setdefault(use, set()).add(version.root)

    def _split_on_another_path(self, prior: KeyUse, versions: frozenset[Version]) -> bool:
        """Whether the variable read may also hold a key that ``prior``, a split, made: paths met
        where the key was split on one, and the variable rebound to the new keys there, and left
        whole on another (`rng = self.rng`, `if c: rng, sub = split(rng)`, then `split(rng)`).
        No path then reads the parent after its split."""
        made = self._results.get(prior.call) if prior.kind == "split" else None
        return bool(made) and bool(made & versions)

    def _expects_raise(self, context: cst.BaseExpression) -> bool:
        """Whether ``context`` is a block a test expects to raise (`pytest.raises(E)`,
        `self.assertRaises(E)`): what its body calls with a key neither consumes the key nor reuses
        it (see ``names.EXPECTED_RAISE_CONTEXTS``)."""
        if not isinstance(context, cst.Call):
            return False
        func = context.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
            return func.attr.value in names.EXPECTED_RAISE_METHODS
        return self.facts.qualified_name(func, self.scope) in names.EXPECTED_RAISE_CONTEXTS

    def _aligns_leaves(self, use: KeyUse) -> bool:
        """Whether this body is applied to every leaf of a pytree by a tree map and ``use``
        selects or orders rows: the same rows of every leaf, on purpose."""
        return self._mapped_by in names.TREE_MAPS and self._selects_rows(use)

    def _selects_rows(self, use: KeyUse) -> bool:
        """Whether ``use`` only selects or orders rows (`permutation`, `choice`, or a function
        that consumes the key only so: see ``Summary.selects_rows``)."""
        return use.callee in names.ROW_SELECTING_SAMPLERS or use.call in self._row_selecting_calls

    def _same_each_repetition(self, root: Version) -> bool:
        """Whether the key ``root`` is the same in every run of a body that runs again per
        iteration or mapped element: read from outside the body, handed back by a helper that
        makes it from a constant seed, or made from a host clock or host randomness, which the
        one trace of the body reads once (diffrax issue 531, case 1438: `PRNGKey(int(time.time()))`
        in a vmapped path solver gave every path the same Brownian motion). (A key the body makes itself from a seed, such as a fixed
        evaluation seed or a dummy key to learn a buffer's structure, is made so on purpose where
        the reader sees it; one a helper makes is not: see `_note_fixed_seed_drawn_by`.)"""
        if root in self._from_outside_repetition:
            return True
        seed = self._root_seeds.get(root)
        if seed is None:
            return False
        # a constant handed back by a helper, a host clock read once, at the trace, or a seed
        # computed from what every repetition is given alike
        return seed[0] in ("constant", "host", "repeated")

    def _host_seeded_at(self, root: Version) -> cst.Call | None:
        """The constructor of ``root`` when this function makes it from a host clock or host
        randomness, or from a seed the same in every repetition of the body (see `_seed_of`):
        where the fix goes."""
        seed = self._root_seeds.get(root)
        return self._seed_roots[seed][1] if seed is not None and seed[0] in ("host", "repeated") and seed in self._seed_roots else None

    def _written_seed_constructor(self, root: Version) -> cst.Call | None:
        """The constructor of ``root`` when this function makes it from a seed written as a number."""
        seed = self._root_seeds.get(root)
        if seed is None or seed[0] != "literal" or seed not in self._seed_roots:
            return None
        return self._seed_roots[seed][1]

    def _reuse(self, prior: KeyUse, use: KeyUse, version: Version) -> None:
        if version.returned is not None:
            function, returned = version.returned
            self.reuses.append(KeyReuse("returned", prior, use, returned_by=function, return_node=returned.node))
        elif use.stored_by and use.stored_by <= prior.stored_by:
            return  # the same numbers again from methods that draw them on every call: reported at them
        elif prior.call is use.call and prior.key is use.key:  # the same call running again
            loop = self._loops[-1] if self._loops else None
            # A callable the analysis cannot see into, given one key on each pass of a loop whose
            # passes differ (other models, levels, a model retrained): a controlled comparison,
            # unless every pass makes the same call again (`[init(key, shape) for _ in range(n)]`).
            if not self._maps_rows_over_items(use, loop) and (use.kind != "given" or _builds_alike(loop)):
                self.reuses.append(KeyReuse("loop", prior, use, loop=loop, remade_at=self._made_again_in(version.root, loop)))
        elif not (
            self._same_initialisation(prior, use) or self._aligned_rows(prior, use)
            or self._results_compared(prior, use) or self._given_again_or_for_shapes(prior, use)
            or self._on_exclusive_branches(prior, use)
        ):
            self.reuses.append(KeyReuse("after-split" if prior.kind == "split" else "again", prior, use))

    def _on_exclusive_branches(self, prior: KeyUse, use: KeyUse) -> bool:
        """Two uses no run reaches both of (`if mode == "train": train(key)` then `if mode ==
        "finetune": finetune(key)`): the key is consumed once per run."""
        if prior.function is not use.function:
            return False
        root = prior.function.node if prior.function is not None else self.facts.module
        return self.flow.branches_of(root).exclusive(prior.statement, use.statement)

    def _given_again_or_for_shapes(self, prior: KeyUse, use: KeyUse) -> bool:
        """Of two uses one of which hands the key to a callable the analysis cannot see into: the
        same callable, or the same method of two objects, given it twice (`env.reset(key)`
        again, to get the same state back; `grad_fn(init_params, batch, key)` and
        `grad_fn(params, batch, key)`, whose difference wants the same randomness on both sides,
        as common random numbers do; `flow.sample(key)` and `reference.sample(key)`, compared),
        one whose result is named as not mattering (`dummy_params = net.init(key, x)`), an
        initialisation after a draw (flax's `init` derives its keys by `fold_in`, haiku's by
        `split`: neither shares bits with a draw from the key), or a call whose result only feeds
        an initialisation (`obs, _ = env.reset(key)`, then
        `network.init(key, obs)`, or `buffer.init(timestep)` built from it), which reads only
        its example inputs' shapes (see `_note_example_inputs`)."""
        if "given" not in (prior.kind, use.kind):
            return False
        if use.kind == "given" and _initialises(use.call):
            return True  # an initialisation derives its parameters' keys: none is a bit drawn before
        module = self.facts.module
        if prior.kind == use.kind and prior.callee.rpartition(".")[2] == use.callee.rpartition(".")[2]:
            return True
        if any(set(name.lower().split("_")) & names.DUMMY_KEY_WORDS for one in (prior, use) for name in _results_of(one)):
            return True  # `dummy_params = net.init(key, x)`: values whose name says they do not matter
        where = self.function.node if self.function is not None else module
        initialised = [
            names_read(arg.value) for node in descendants(where) if type(node) is cst.Call
            and _initialises(node) for arg in node.args  # type: ignore[arg-type, attr-defined]
        ]
        return any(
            read & self._derived(_results_of(one)) for one in (prior, use) if one.kind == "given" for read in initialised
        )

    def _results_compared(self, prior: KeyUse, use: KeyUse) -> bool:
        """`out1 = env1.step(key, s)`, `out2 = env2.step(key, s)`, then
        `assert_allclose(out1, out2)` or `assert out1 == out2`: one key given to two computations
        whose results are then asserted equal (or not), as a test checks that two
        implementations agree; the same bits are what the assertion needs. Not results that
        meet only inside one side of a comparison (`assertEqual(loss(preds, targets), 0.5)`
        with `preds` and `targets` drawn from one key: that is correlated data), nor results
        compared outside an assertion (`same = jnp.all(a == b)` may show a reuse by mistake).
        What the results are compared through counts: names computed from them in the body
        (`fst = jnp.stack(leaves(keys_tree))`), and keys split from the key (`keys = split(key, n)`
        compared with what a helper split from it)."""
        first, second = self._derived(_results_of(prior)), self._derived(_results_of(use))
        first, second = first - second, second - first  # `_`, or a name bound again, compares nothing
        if not first or not second:
            return False
        if self._asserted is None:  # the body's assertions, read once: a module may reuse keys by the thousand
            where = self.function.node if self.function is not None else self.facts.module
            self._asserted = [(names_read(left), names_read(right)) for left, right in _compared_pairs(where)]
        return any(
            (left & first and right & second) or (left & second and right & first) for left, right in self._asserted
        )

    def _derived(self, found: frozenset[str]) -> frozenset[str]:
        """``found`` and the names the body computes from them, through its assignments."""
        if not found or self.function is None:
            return found
        derived = set(found)
        for _ in range(2):
            for target, value in self.function.assignments:
                if value is not None and names_read(value) & derived:
                    derived.update(leaf.value for leaf in target_leaves(target) if type(leaf) is cst.Name)  # type: ignore[attr-defined]
        return frozenset(derived)

    @staticmethod
    def _maps_rows_over_items(use: KeyUse, loop: cst.CSTNode | None) -> bool:
        """`[permutation(key, a) for a in arrays]`: a comprehension whose element is a draw that
        selects or orders the rows of the item it iterates over, as `tree_map` of it does (see
        `_aligns_leaves`): every array's rows move the same way, on purpose (measured on jax
        0.10.2: `permutation` and `choice` of one key on a (6, 4) and a (6,) array keep their
        rows paired). Not a set (no order to keep), nor a draw of the same array or of numbers."""
        if type(loop) not in (cst.ListComp, cst.GeneratorExp, cst.DictComp) or use.callee not in names.ROW_SELECTING_SAMPLERS:
            return False
        if use.call is not (loop.value if type(loop) is cst.DictComp else loop.elt):  # type: ignore[attr-defined]
            return False
        operand = argument(use.call, 1, "x" if use.callee == names.PRNG_PERMUTATION else "a")
        items: set[str] = set()
        for_in: cst.CompFor | None = loop.for_in  # type: ignore[attr-defined]
        while for_in is not None:
            items.update(leaf.value for leaf in target_leaves(for_in.target) if type(leaf) is cst.Name)  # type: ignore[attr-defined]
            for_in = for_in.inner_for_in
        return operand is not None and bool(names_read(operand) & items)

    def _note_rows_moved(
        self, call: cst.Call, rows: tuple[str, frozenset[str]] | None, bound: dict[str, cst.BaseExpression],
    ) -> None:
        """A call of a helper that consumes a key only to move the rows of its parameters, as
        ``rows`` says: what the call gives for them (see `_rows_moved`)."""
        if rows is None:
            return
        how, params = rows
        given = tuple(bound.get(param) for param in sorted(params))
        if all(node is not None for node in given):
            self._rows_moved_by_calls[call] = (how, given)  # type: ignore[assignment]

    def _rows_moved(self, use: KeyUse) -> tuple[str, tuple[cst.BaseExpression, ...]] | None:
        """How ``use`` moves rows, and of what, when moving rows is all it does with the key: a
        `permutation` of an array or of a length (`x[permutation(key, len(x))]`), a `choice`
        without weights, with or without replacement (the sample's shape and the replacement are
        part of how; so is the axis, for both), or a call of a helper that does one of those to
        arrays it is given (see
        ``Summary.rows_of``). None for anything else (a draw of numbers, a weighted `choice`).
        A `choice` with replacement (the default) picks the same rows of arrays of one length
        too: a paired bootstrap (measured on jax 0.10.2: `choice(k, x, (3, 4))` of `10 * x` is
        `10 * choice(k, x, (3, 4))`, with and without replacement; lengths 20 and 12 differ)."""
        module = self.facts.module

        def written(node: cst.BaseExpression | None, default: str) -> str:
            return module.code_for_node(node) if node is not None else default

        replace = argument(use.call, 3, "replace")
        if use.callee == names.PRNG_PERMUTATION:
            operand = argument(use.call, 1, "x")
            how = f"{use.callee}(axis={written(argument(use.call, 2, 'axis'), '0')})"
        elif use.callee == names.PRNG_CHOICE and (replace is None or dotted_name(replace) in ("True", "False")) and argument(use.call, 4, "p") is None:
            operand = argument(use.call, 1, "a")
            shape, axis = written(argument(use.call, 2, "shape"), "()"), written(argument(use.call, 5, "axis"), "0")
            how = f"{use.callee}({shape}, replace={written(replace, 'True')}, axis={axis})"
        else:
            return self._rows_moved_by_calls.get(use.call)
        return (how, (operand,)) if operand is not None else None

    def _aligned_rows(self, prior: KeyUse, use: KeyUse) -> bool:
        """`permutation(key, images)` then `permutation(key, labels)`, or `convert_data(obs)` then
        `convert_data(actions)` of a helper that permutes its argument with a key it captures:
        one key moves the rows of arrays of one length the same way, which keeps them aligned,
        the reason it is given twice (measured on jax 0.10.2, bench/measure_aligned_rows.py and
        tests/analysis/test_aligned_rows.py: `permutation(k, y)` of `y = 10 * x` is
        `10 * permutation(k, x)`, a 2-D array's rows move as the 1-D one's elements, the
        permutation of `len(x)` is the same index for every array of that length, and so is a
        `choice` of one shape, with or without replacement; arrays of other lengths are not moved
        alike).
        Not the same arrays twice, which gives the same order again, nor two written lengths,
        nor a key that moves rows one way and another (a `permutation` and a `choice`, two
        helpers), nor one that also draws numbers."""
        moved = [self._rows_moved(one) for one in (prior, use)]
        if moved[0] is None or moved[1] is None or moved[0][0] != moved[1][0]:
            return False
        if any(isinstance(node, cst.Integer) for _, operands in moved for node in operands):  # type: ignore[misc]
            return False
        module = self.facts.module
        first, second = ([module.code_for_node(node) for node in operands] for _, operands in moved)  # type: ignore[misc]
        return first != second

    def _same_initialisation(self, prior: KeyUse, use: KeyUse) -> bool:
        """`params = net.init(key, x)` then `target_params = net.init(key, x)` (or another
        module's `init(key, x)`): the same arguments again build the same variables on purpose (a
        target network's copy, a remat variant compared with the original), not new draws."""
        module = self.facts.module

        def arguments(call: cst.Call) -> list[str]:
            return [module.code_for_node(arg.value) for arg in call.args]

        return (
            bool(linen_init_keys(self.facts, use.call, self.scope))
            and bool(linen_init_keys(self.facts, prior.call, self.scope))
            and arguments(prior.call) == arguments(use.call)
        )

    def _variable(self, node: cst.BaseExpression) -> str | None:
        """`key`, `state.rng` or `keys[0]` for an expression that names a key; None otherwise."""
        if isinstance(node, cst.Subscript):
            base = self._variable(node.value)
            index = _constant_index(node)
            return f"{base}[{index}]" if base is not None and index is not None else None
        dotted = dotted_name(node)
        if dotted is None or dotted in ("None", "True", "False"):
            return None  # not a name at all: no key (`noise_rng_key=None` draws nothing)
        found = self.facts.resolver.lookup(dotted.split(".")[0], self.scope)
        if found is not None and all(b.kind == "import" for b in found[1]):
            return None  # a module attribute
        return dotted

    def _read(self, variable: str, state: State) -> frozenset[Version]:
        versions = state.bindings.get(variable)
        if versions is None:
            version = Version()
            head, _ = split_head(variable)
            if self.function is not None and head not in self.function.bindings:
                self._outer[version] = variable
                if not any(head in function.bindings for function in self._repeated_chain):
                    self._from_outside_repetition.add(version)
            elif self._as_on_entry(variable):
                self._entry_fields[version] = variable
            versions = state.bindings[variable] = frozenset({version})
        return versions

    def _assign(self, target: cst.BaseExpression, value: cst.BaseExpression, state: State) -> None:
        chosen = self._keys_chosen(value, state) if type(target) not in (cst.Tuple, cst.List) else None
        if chosen is not None and self._variable(target) is not None:
            self._bind(target, state)
            state.bindings[self._variable(target)] = chosen  # type: ignore[index]
            return
        aliased = self._variable(value)
        if aliased is not None and type(target) in (cst.Tuple, cst.List):
            self._unpack(target, aliased, state)  # type: ignore[arg-type]
            return
        if aliased is not None and aliased not in state.bindings and self._as_on_entry(aliased) and self._variable(target) is not None:
            self._read(aliased, state)  # `prng_key = self.prng_key`: the caller's key in that field
        if aliased is not None and aliased in state.bindings and self._variable(target) is not None:
            versions = state.bindings[aliased]
            self._bind(target, state)
            state.bindings[self._variable(target)] = versions  # type: ignore[index]
            return
        handed_back = self._handed_back(target, value, state)
        self._bind(target, state)
        state.bindings.update(handed_back)
        seeded = self._seeded_root(value, state, bound=True) if isinstance(value, cst.Call) else None
        variable = self._variable(target)
        # A key parameter overwritten with a constant key is reported as that (JAX502); one made
        # from a seed computed from what the repetition gives alike is not constant (see
        # `_same_in_every_repetition`).
        if seeded is not None and variable is not None and (
            variable not in self._params or self._root_seeds.get(seeded, ("",))[0] == "repeated"
        ):
            state.bindings[variable] = frozenset({Version(seeded)})
        if isinstance(value, cst.Call):
            places = self._split_results.get(value)
            bound = _names_bound(target, state) if places is None else _bound_at(target, places, state)
            # over the passes of a loop: what one pass bound, the next may read
            before = self._results.get(value, frozenset())
            self._results[value] = None if bound is None or before is None else before | bound
        for rest, held in self._constructed.get(value, ()) if variable is not None else ():  # type: ignore[arg-type]
            state.bindings[variable + rest] = self._read(held, state)  # type: ignore[operator]
        if isinstance(value, cst.Call) and variable is not None:
            # `state = State(board, key=key)`: the pytree holds the key in its field, so a draw
            # from `state.key`, or a `return state`, is the key itself
            for field_name, held in self._fields_built(value):
                held_variable = self._variable(held)
                if held_variable is not None and held_variable in state.bindings:
                    state.bindings[f"{variable}.{field_name}"] = state.bindings[held_variable]
                    self._built_fields[f"{variable}.{field_name}"] = held
        elif variable is not None and type(value) in (cst.Tuple, cst.List, cst.Dict):
            for index, element in _written_items(value):  # type: ignore[arg-type]
                held = self._variable(element)
                if held is not None and held in state.bindings:
                    state.bindings[f"{variable}[{index}]"] = state.bindings[held]

    def _keys_chosen(self, value: cst.BaseExpression, state: State) -> frozenset[Version] | None:
        """The keys a conditional expression picks between (`prng = self.default_prng if prng is
        None else prng`, case 4101): either, as an `if` statement binding each on its own path
        would leave them. None when neither alternative names a key known here."""
        if type(value) is not cst.IfExp:
            return None
        alternatives = [self._variable(branch) for branch in (value.body, value.orelse)]  # type: ignore[attr-defined]
        known = [a for a in alternatives if a is not None and (a in state.bindings or self._as_on_entry(a))]
        return frozenset().union(*(self._read(a, state) for a in known)) if known else None

    def _unpack(self, target: cst.Tuple | cst.List, aliased: str, state: State) -> None:
        """`x, key = carry`: each name holds the item of the pytree it is unpacked from
        (`carry[1]`), as the caller or an earlier statement put it there (`(x, key)`), so a draw
        from `key` consumes what the caller handed in as `carry[1]`."""
        elements = target.elements
        items: list[frozenset[Version] | None] = []
        for position in range(len(elements)):
            item = f"{aliased}[{position}]"
            known = item in state.bindings or self._as_on_entry(item)
            items.append(self._read(item, state) if known and not any(type(e) is cst.StarredElement for e in elements) else None)
        self._bind(target, state)
        for element, versions in zip(elements, items):
            name = self._variable(element.value) if versions is not None else None
            if name is not None:
                state.bindings[name] = versions  # type: ignore[assignment]

    def _seeded_root(self, call: cst.Call, state: State, bound: bool = False) -> Version | None:
        """The key a constructor makes from its seed: one key per seed, so `PRNGKey(seed)` made
        again elsewhere from an unchanged `seed`, or what a helper that returns `PRNGKey(0)`
        hands back, is the same key each time. A seed written as a number where the key is made
        (`PRNGKey(0)` in a test, a benchmark, fixed evaluation levels) asks for that key on
        purpose, and so does a constructor in a loop run again: each such key stands alone. Not
        a key ``bound`` to a name in a `for` loop whose iterations differ in nothing the body
        reads (`for _ in range(epochs): key = PRNGKey(0)`), or from a variable seed the loop
        never rebinds (`key = PRNGKey(seed)` per layer): there the key made again each time
        repeats the same draws (the same augmentation or shuffle every epoch)."""
        seed = self._seed_of(call, state)
        if seed is None:
            return None
        root, made_by = self._seed_roots.get(seed, (None, None))
        # A host clock read again on the host is another seed each time (not in a traced body:
        # see `_same_each_repetition`).
        repeats = bound and seed[0] != "host" and (self._iterations_alike() or self._unchanged_by_loop(seed))
        # The same constructor run again (the next iteration of a loop) makes its key on purpose.
        if root is None or seed[0] == "host" or ((seed[0] == "literal" or made_by is call) and not (repeats and made_by is call)):
            root = Version()
            root.seeded = seed[0] != "literal" or repeats
            self._seed_roots[seed] = (root, call)
            self._root_seeds[root] = seed
        return root

    def _iterations_alike(self) -> bool:
        """Whether the innermost loop is a `for` whose body never reads its target."""
        loop = self._loops[-1] if self._loops else None
        return type(loop) is cst.For and iterations_alike(loop)

    def _made_again_in(self, root: Version, loop: cst.CSTNode | None) -> cst.Call | None:
        """The constructor in ``loop`` that makes the key ``root`` again on each iteration from
        the same seed (see `_seeded_root`)."""
        seed = self._root_seeds.get(root)
        made_by = self._seed_roots.get(seed, (None, None))[1] if seed is not None else None
        if loop is None or made_by is None or not any(node is made_by for node in descendants(loop)):
            return None
        return made_by

    def _unchanged_by_loop(self, seed: tuple) -> bool:
        """Whether ``seed`` is a variable the innermost loop never rebinds (`PRNGKey(seed)` in
        a loop over layers with `seed` a parameter): each iteration makes the same key.
        Measured on jax 0.10.2: `normal(PRNGKey(seed), (5, 5))` made in each of 3 iterations
        gives 3 equal matrices."""
        loop = self._loops[-1] if self._loops else None
        variables = _seed_variables(seed)
        if loop is None or not variables:
            return False
        targets = [*binding_targets(loop), *((loop.target,) if type(loop) is cst.For else ())]  # type: ignore[attr-defined]
        return not any(
            isinstance(node, (cst.Name, cst.Attribute)) and dotted_name(node) in variables
            for target in targets for node in (target, *descendants(target))
        )

    def _seed_of(self, call: cst.Call, state: State) -> tuple | None:
        name = random_constructor(self.facts, call, self.scope)
        if name is None and called_name(call) == "fold_in":
            return self._folded_seed(call, state)
        if name is None:
            callee = self._callee(call)
            returned = self.flow.summary(callee[0]).returned_seed if callee is not None else None
            return ("constant", returned) if returned is not None else None
        argument = call.args[0].value if len(call.args) == 1 and call.args[0].keyword is None else None
        if argument is None:
            return None
        if isinstance(argument, (cst.Integer, cst.UnaryOperation)) and _literal_int(argument) is not None:
            return ("literal", str(_literal_int(argument)))
        if self._reads_host_nondeterminism(argument):
            # `PRNGKey(int(time.time()))`: a new seed on each host run, but a body a mapping or
            # a lax loop repeats is traced once, and the clock read then is the seed of every
            # repetition
            return ("host", self.facts.module.code_for_node(argument))
        if self._same_in_every_repetition(argument):
            return ("repeated", self.facts.module.code_for_node(argument))
        variable = self._variable(argument)
        if variable is None:
            return None
        return ("variable", variable, frozenset(v.root for v in self._read(variable, state)))

    def _same_in_every_repetition(self, seed: cst.BaseExpression) -> bool:
        """Whether ``seed``, in a body a mapping or a lax loop repeats, is computed (through the
        body's assignments) only from parameters the repetition hands every element alike
        (`in_axes` None, bound by a `partial`) and from names outside the repeated functions, and
        reads at least one such parameter: `PRNGKey((norm(uniform(key) + t) * 1e8).astype(int))`
        in a function vmapped over particles with `key` and `t` unmapped is one key for every
        particle (hflow's score matching, case 2102; measured on jax 0.10.2 in
        tests/analysis/test_key_provenance.py). A name bound otherwise than by an assignment (a
        loop's target), a mapped parameter or a carry, or `lax.axis_index`, varies."""
        function = self.function
        if function is None or self._repeating is None or not self._from_outside_repetition:
            return False
        pending, seen, reads_given = [seed], set(), False
        while pending:
            node = pending.pop()
            if any(
                type(call) is cst.Call and called_name(call) in names.PER_ELEMENT_INDEX  # type: ignore[arg-type]
                for call in (node, *descendants(node))
            ):
                return False
            for name in names_read(node) - seen:
                seen.add(name)
                version = self._params.get(name)
                if version is not None:
                    if version not in self._from_outside_repetition:
                        return False
                    reads_given = True
                elif name in function.bindings:
                    values = [value for target, value in function.assignments if name in plain_target_names(target)]
                    if not values or any(value is None for value in values) or len(values) != len(function.bindings[name]):
                        return False  # bound by a loop, a `with`, an import...
                    pending.extend(values)  # type: ignore[arg-type]
                elif any(name in outer.bindings for outer in self._repeated_chain):
                    return False  # made anew in each repetition
        return reads_given

    def _reads_host_nondeterminism(self, node: cst.BaseExpression) -> bool:
        """Whether ``node`` calls a host clock or host randomness (`time.time()`, `os.urandom(4)`,
        `random.randint(...)`, see `names.is_host_nondeterminism`)."""
        return any(
            type(call) is cst.Call and names.is_host_nondeterminism(self.facts.qualified_name(call.func, self.scope))  # type: ignore[attr-defined]
            for call in (node, *descendants(node))
        )

    def _folded_seed(self, call: cst.Call, state: State) -> tuple | None:
        """What `jax.random.fold_in(key, data)` makes its key from: the key it is given and its
        data, a name or a written number. The same pair makes the same key, so a key folded in a
        loop from a parent and data the loop never rebinds (`fold_in(rng, start_step)` for
        every step) is one key for every iteration (measured on jax 0.10.2 in
        bench/measure_stored_keys.py: 3 of 3 steps draw alike; `fold_in(rng, step)` does not).
        Attributes are left out: a call in the loop may change `self.step`."""
        qualified = self.facts.qualified_name(call.func, self.scope)
        if qualified is None or names.canonical(qualified) != names.PRNG_FOLD_IN:
            return None
        parent, data = argument(call, 0, "key"), argument(call, 1, "data")
        if type(parent) is not cst.Name or data is None:
            return None
        parent_roots = frozenset(v.root for v in self._read(parent.value, state))  # type: ignore[attr-defined]
        number = _literal_int(data)
        if number is not None:
            return ("folded", None, number, parent.value, parent_roots)  # type: ignore[attr-defined]
        if type(data) is not cst.Name:
            return None
        data_roots = frozenset(v.root for v in self._read(data.value, state))  # type: ignore[attr-defined]
        return ("folded", data.value, data_roots, parent.value, parent_roots)  # type: ignore[attr-defined]

    def _handed_back(
        self, target: cst.BaseExpression, value: cst.BaseExpression, state: State
    ) -> dict[str, frozenset[Version]]:
        """Targets bound to a key that the called function returns unchanged after consuming it."""
        found = self._returns.get(value) if isinstance(value, cst.Call) else None
        if found is None:
            return {}
        function, summary, given = found
        result: dict[str, frozenset[Version]] = {}
        for returned in summary.returned:
            element = target if returned.position is None else _element(target, returned.position)
            variable = self._variable(element) if element is not None else None
            if variable is None:
                continue
            if returned.field is not None:
                variable = f"{variable}.{returned.field}"
            origin = (returned.by or function, returned)
            argument_variable = self._field_here(returned.param, given) if returned.param is not None else None
            if argument_variable is None:
                # A key the callee consumed itself, or one made for the call (`reset(key(7))`,
                # `reset(split(k)[0])`) that it consumed: spent by this call.
                spent = Version()
                state.consumed[spent] = KeyUse(
                    value, value, variable, "call", function.qualname, self._statement, self.function,  # type: ignore[arg-type]
                    self._loops[-1] if self._loops else None,
                )
                result[variable] = frozenset({Version(spent, origin)})
                continue
            if argument_variable not in state.bindings:
                continue
            result[variable] = frozenset(Version(v.root, origin) for v in state.bindings[argument_variable])
        return result

    def _bind(self, target: cst.BaseExpression, state: State) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value, state)
            return
        if isinstance(target, cst.StarredElement):
            self._bind(target.value, state)
            return
        variable = self._variable(target)
        if variable is not None:
            self._note_rebound(variable)
            state.drop(variable)
            state.bindings[variable] = frozenset({Version()})
        elif isinstance(target, cst.Subscript):
            base = self._variable(target.value)
            if base is not None:  # `keys[i] = ...` may change any element
                for name in [n for n in state.bindings if n.startswith(base + "[")]:
                    del state.bindings[name]

    def _note_return(self, value: cst.BaseExpression, state: State) -> None:
        """Record key parameters returned unchanged after being consumed, and, in a loop body,
        a consumed key handed back in the carry: the next iteration consumes it again."""
        if self._carry_transform is not None:
            carry = value
            if self._carry_transform == "jax.lax.scan" and isinstance(value, cst.Tuple) and value.elements:
                carry = value.elements[0].value  # scan returns (carry, output)
            made_here = {v for versions in self._results.values() if versions for v in versions}
            for variable in self._carried(carry, state):
                for version in in_creation_order(state.bindings.get(variable, ())):
                    use = state.consumed.get(version.root)
                    if use is not None:
                        advanced = version in made_here  # `key, sub = split(key)` before the draw
                        self.reuses.append(KeyReuse(
                            "loop", use, use, loop=self._repeating, advanced=advanced, mapped_by=self._mapped_by,
                        ))
        returned_variable = self._variable(value)
        versions = state.bindings.get(returned_variable, ()) if returned_variable is not None else ()
        if isinstance(value, cst.Call):
            seed = self._seed_of(value, state)
        else:
            seeds = {self._root_seeds.get(v.root) for v in versions}
            seed = seeds.pop() if len(seeds) == 1 else None
        self._returned_seeds.append(seed[1] if seed is not None and seed[0] in ("literal", "constant") else None)
        for position, field_name, element, variable in self._returned_keys(value, state):
            versions = state.bindings.get(variable) if variable is not None else None
            if not versions or len(versions) != 1:
                continue
            (version,) = versions
            use = state.consumed.get(version.root)
            # keys derived by `fold_in` share no bits with it; what a callable the analysis cannot
            # see into does with a key it returns is not known well enough to say it is spent
            if use is None or use.kind in ("derive", "given"):
                continue
            entry = {v: name for name, v in self._params.items()}.get(version.root) or self._entry_fields.get(version.root)
            if entry is None and (version.root in self._outer or version.root.seeded):
                continue  # a key of the enclosing scope, or one its seed makes again on purpose
            if element is None:  # the object a caller gave, handed back with its field spent: where it was
                element = use.key
            node, by = element, None
            if version.returned is not None:  # a callee handed it back so: that is where it stays unadvanced
                by, handed = version.returned
                node, by = handed.node, handed.by or by
            self.summary.returned.append(Returned(entry, position, node, field_name, by))

    def _carried(self, carry: cst.BaseExpression, state: State) -> list[str]:
        """The variables a loop body hands back in its carry, into the next iteration: the leaves
        of tuple and list displays, the values of a dict display, the fields a NamedTuple or
        dataclass built there is given (`LoopState(x, state.key)`), and, of a copy with some
        fields replaced (`state._replace(x=x)`), the fields of the copied object it leaves as they
        were (`state.key`): the pytree goes round whole."""
        found: list[str] = []
        for leaf in target_leaves(carry):
            if isinstance(leaf, cst.Dict):
                for item in leaf.elements:
                    if isinstance(item, cst.DictElement):
                        found += self._carried(item.value, state)
                continue
            if not isinstance(leaf, cst.Call):
                variable = self._variable(leaf)
                found += [variable] if variable is not None else []
                continue
            built = self._fields_built(leaf)
            for _, value in built:
                found += self._carried(value, state)
            if self._copies_with_fields(leaf):
                func = leaf.func
                name = self.facts.qualified_name(func, self.scope) if type(func) in (cst.Name, cst.Attribute) else None
                if name is not None and names.canonical(name) in names.FIELD_REPLACING_CALLS:  # `dataclasses.replace(state, ...)`
                    copied = leaf.args[0].value if leaf.args and leaf.args[0].keyword is None else None
                else:  # `state._replace(...)`
                    copied = func.value if isinstance(func, cst.Attribute) else None
                base = self._variable(copied) if copied is not None else None
                replaced = {name for name, _ in built}
                found += [
                    name for name in state.bindings
                    if base is not None and name.startswith(base + ".")
                    and re.split(r"[.\[]", name[len(base) + 1:])[0] not in replaced
                ]
        return found

    def _returned_keys(
        self, value: cst.BaseExpression, state: State,
    ) -> Iterator[tuple[int | None, str | None, cst.BaseExpression | None, str | None]]:
        """The places of :meth:`_returned_places`, each with the key variable it hands back, and
        the keys held in the fields of a pytree returned by name: one this body built around the
        key (`state = State(x, key=key)`, then `return state`: the expression that put it
        there), or a parameter handed back whole while the key in its field was consumed
        (`return state` after a scan split `state.rng`: None, the consumption is where)."""
        for position, field_name, element in self._returned_places(value):
            variable = self._variable(element)
            yield position, field_name, element, variable
            if field_name is not None or variable is None or "[" in variable:
                continue
            for held in [name for name in state.bindings if name.startswith(variable + ".")]:
                field_name = held[len(variable) + 1:]
                if "." in field_name or "[" in field_name:
                    continue
                yield position, field_name, self._built_fields.get(held), held

    def _returned_places(self, value: cst.BaseExpression) -> Iterator[tuple[int | None, str | None, cst.BaseExpression]]:
        """Where a `return` puts each value: its index in a returned tuple (None: the whole
        value), and the field of a pytree built there that holds it (`State(x, key)`,
        `state.replace(rng=key)`, `dataclasses.replace(state, rng=key)`)."""
        elements = [(i, e.value) for i, e in enumerate(value.elements)] if isinstance(value, cst.Tuple) else [(None, value)]
        for position, element in elements:
            yield position, None, element
            if type(element) is cst.Call:
                for field_name, held in self._fields_built(element):  # type: ignore[arg-type]
                    yield position, field_name, held

    def _copies_with_fields(self, call: cst.Call) -> bool:
        """`state.replace(rng=k)`, `state._replace(rng=k)`, `dataclasses.replace(state, rng=k)`."""
        func = call.func
        name = self.facts.qualified_name(func, self.scope) if type(func) in (cst.Name, cst.Attribute) else None
        if name is not None and names.canonical(name) in names.FIELD_REPLACING_CALLS:
            return True
        return (
            type(func) is cst.Attribute and func.attr.value in names.FIELD_REPLACING_METHODS  # type: ignore[attr-defined]
            and bool(call.args) and all(arg.keyword is not None for arg in call.args)
        )

    def _fields_built(self, call: cst.Call) -> list[tuple[str, cst.BaseExpression]]:
        """The fields a call that builds a pytree sets, with their values: a constructor of a
        NamedTuple or dataclass of the checked code, or a copy with some fields replaced."""
        if self._copies_with_fields(call):
            return [(arg.keyword.value, arg.value) for arg in call.args if arg.keyword is not None]
        func = call.func
        objects = self.facts.objects
        owner = objects.class_called(func, self.scope)
        if owner is None or "__init__" in owner.methods or not (objects.generates_init(owner) or objects.is_named_tuple(owner)):
            return []
        if any(arg.star for arg in call.args):
            return []
        fields = objects.annotated_fields(owner)
        positional = [arg.value for arg in call.args if arg.keyword is None]
        keywords = [(arg.keyword.value, arg.value) for arg in call.args if arg.keyword is not None]
        return list(zip(fields, positional)) + keywords


def _same_call_each_pass(call: cst.Call, loop: cst.CSTNode, inert: list[str]) -> bool:
    """Whether every pass of ``loop`` runs ``call`` on the same values: what the loop binds
    (its targets, and names its body assigns: a key split anew on each pass makes each call
    another) reaches the call only as whole arguments of parameters the callee never lets reach
    what it computes (``inert``, the names so passed, see ``Summary.inert``)."""
    parts = loop_parts(loop)
    if parts is None:
        return False  # a `while` loop: what changes between its passes is not bound by it alone
    varying, body = parts
    if type(loop) is cst.For:  # and what its body assigns
        varying |= {n.value for target in binding_targets(loop.body) for n in (target, *descendants(target)) if type(n) is cst.Name}  # type: ignore[attr-defined]
    # every pass reads what the loop binds only where the call hands it to an inert parameter
    reads = [n.value for part in body for n in descendants(part) if type(n) is cst.Name and n.value in varying]  # type: ignore[attr-defined]
    return all(reads.count(name) == inert.count(name) for name in set(reads))


def _inert_arguments(bound: dict[str, cst.BaseExpression], summary: Summary) -> list[str]:
    """The names a call passes whole to parameters its callee never lets reach what it computes."""
    return [expression.value for param, expression in bound.items() if param in summary.inert and type(expression) is cst.Name]  # type: ignore[attr-defined]


def _result_dropped(call: cst.Call, statement: cst.CSTNode) -> bool:
    """Whether ``statement`` runs ``call`` only for its effect or its time (`f(x)`,
    `f(x).block_until_ready()` in a timing loop): no one sees its numbers."""
    if type(statement) is not cst.SimpleStatementLine:
        return False
    for small in statement.body:  # type: ignore[attr-defined]
        value = small.value if type(small) is cst.Expr else None  # type: ignore[attr-defined]
        while type(value) is cst.Call and value is not call and type(value.func) is cst.Attribute:  # type: ignore[attr-defined]
            value = value.func.value  # type: ignore[attr-defined]
        if value is call:
            return True
    return False


def _is_dropout_stream(element: cst.BaseDictElement) -> bool:
    """`"dropout": key` in `rngs={...}`."""
    key = element.key if isinstance(element, cst.DictElement) else None
    return isinstance(key, cst.SimpleString) and key.evaluated_value == names.DROPOUT_STREAM


def _builds_alike(loop: cst.CSTNode | None) -> bool:
    """A comprehension whose elements read nothing its `for` binds (`[init(key, shape) for _ in
    range(n)]`): every element is the same call with the same arguments."""
    if type(loop) not in _COMPREHENSION_TYPES:
        return False
    bound: set[str] = set()
    for_in: cst.CompFor | None = loop.for_in  # type: ignore[attr-defined]
    while for_in is not None:
        bound.update(n.value for n in descendants(for_in.target) if type(n) is cst.Name)  # type: ignore[attr-defined]
        for_in = for_in.inner_for_in
    parts = [getattr(loop, part, None) for part in ("elt", "key", "value")]
    return not any(bound & names_read(part) for part in parts if part is not None)


_COMPREHENSION_TYPES = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _initialises(call: cst.Call) -> bool:
    """`network.init(key, x)`, `buffer.init(timestep)`, `init_fn(key, x)`; not an initializer
    (`kernel_init(key, shape)`), which draws the parameters themselves."""
    name = dotted_name(call.func)
    last = name.rpartition(".")[2] if name is not None else ""
    return last == "init" or last.endswith("init_fn")


def _in_evaluation(call: cst.Call) -> bool:
    """Whether ``call`` tells a model (flax's `apply`, haiku's) it runs in evaluation
    (`train=False`, `deterministic=True`, ...: see ``names.EVALUATION_FLAGS``)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in names.EVALUATION_FLAGS and isinstance(arg.value, cst.Name):
            if arg.value.value == str(names.EVALUATION_FLAGS[arg.keyword.value]):
                return True
    return False


def _parents(variable: str) -> list[str]:
    """What `state.opt.rng[0]` is reached through: `state`, `state.opt`, `state.opt.rng`."""
    return [variable[:i] for i, character in enumerate(variable) if character in ".["]


def split_head(variable: str) -> tuple[str, str]:
    """`self` and `.rng[0]` of `self.rng[0]`."""
    parents = _parents(variable)
    head = parents[0] if parents else variable
    return head, variable[len(head):]


def target_leaves(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The elements of nested tuple and list displays (`(state, (key, step))`, the targets of
    `self.key, sub = split(self.key)`)."""
    if isinstance(node, (cst.Tuple, cst.List)):
        return [leaf for element in node.elements for leaf in target_leaves(element.value)]
    return [node]


def called_name(call: cst.Call) -> str | None:
    """`where` for `jnp.where(...)` or `where(...)`: the last name of what is called."""
    func = call.func
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else None


def _seed_variables(seed: tuple) -> tuple[str, ...]:
    """The names a key made from ``seed`` is made again from (see `_seed_of`): the seed of
    `PRNGKey(seed)`; the key and the data of `fold_in(key, step)` when its data is a name (a
    written number asks for that key on purpose, as `PRNGKey(0)` does)."""
    if seed[0] == "variable":
        return (seed[1],)
    if seed[0] == "folded" and seed[1] is not None:
        return (seed[1], seed[3])
    return ()


def _literal_int(node: cst.BaseExpression) -> int | None:
    sign = 1
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node, sign = node.expression, -1
    return sign * int(node.value, 0) if isinstance(node, cst.Integer) else None


def _constant_index(node: cst.Subscript) -> int | str | None:
    """`0` of `keys[0]`, `-1` of `keys[-1]`, `'rng_key'` of `state["rng_key"]` (a key held in a dict)."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    index = node.slice[0].slice.value
    if isinstance(index, cst.SimpleString):
        text = index.evaluated_value
        return repr(text) if isinstance(text, str) else None
    sign = 1
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus):
        index, sign = index.expression, -1
    return sign * int(index.value) if isinstance(index, cst.Integer) else None


def _written_items(value: cst.Tuple | cst.List | cst.Dict) -> Iterator[tuple[int | str, cst.BaseExpression]]:
    """The items of a tuple, list or dict display by the index that reads them back (`1`,
    `'key'`, as :func:`_constant_index` writes them)."""
    if type(value) is cst.Dict:
        for item in value.elements:
            if type(item) is cst.DictElement and type(item.key) is cst.SimpleString:
                text = item.key.evaluated_value  # type: ignore[attr-defined]
                if isinstance(text, str):
                    yield repr(text), item.value  # type: ignore[attr-defined]
        return
    for position, element in enumerate(value.elements):  # type: ignore[union-attr]
        if type(element) is cst.StarredElement:
            return
        yield position, element.value


def _element(target: cst.BaseExpression, position: int) -> cst.BaseExpression | None:
    if isinstance(target, (cst.Tuple, cst.List)) and position < len(target.elements):
        element = target.elements[position]
        return None if isinstance(element, cst.StarredElement) else element.value
    return None


def _operand_field(path: str, bound: dict[str, cst.BaseExpression]) -> tuple[cst.BaseExpression, str] | None:
    """Where the caller holds a body's `carry[1]` or `carry["key"]`: the element it wrote in
    the carry (`(x, key)`, `{"key": key}`), or the carry it handed over with the rest of the path
    (`state` and `.rng` for a body's `carry.rng`)."""
    head, rest = split_head(path)
    given = bound.get(head)
    if given is None or not rest:
        return None
    if not isinstance(given, (cst.Tuple, cst.List, cst.Dict)):
        return given, rest
    index = re.match(r"\[(\d+|'[^']*'|\"[^\"]*\")\]$", rest)
    selector = index.group(1) if index is not None else ""
    if isinstance(given, (cst.Tuple, cst.List)) and selector.isdigit():
        element = _element(given, int(selector))
        return (element, "") if element is not None else None
    if isinstance(given, cst.Dict):
        for item in given.elements:
            if isinstance(item, cst.DictElement) and isinstance(item.key, cst.SimpleString) and item.key.evaluated_value == selector[1:-1]:
                return item.value, ""
    return None


def bind_call(call: cst.Call, function: FunctionInfo, offset: int) -> dict[str, cst.BaseExpression]:
    """Parameter name -> argument expression, for the arguments that can be bound."""
    return binding.bind_call(call, function, offset).by_name


# What a call's name says when it compares its first two arguments (`assert_allclose`,
# `assertEqual`, `jnp.array_equal`, `allclose`, `check_equal`, `assert_trees_all_close`), and
# when it asserts (raises unless they compare as it says).
_COMPARING = re.compile(r"assert|equal|close", re.IGNORECASE)
_ASSERTING = re.compile(r"assert", re.IGNORECASE)


def _results_of(use: KeyUse) -> frozenset[str]:
    """The plain names a statement `a, b = f(key, ...)` binds to the result of the call of
    ``use``, or the list that `results.append(f(key, ...))` appends it to."""
    statement = use.statement
    if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:  # type: ignore[attr-defined]
        return frozenset()
    small = statement.body[0]  # type: ignore[attr-defined]
    appended = small.value if type(small) is cst.Expr else None  # `losses.append(model.loss(key, x))`
    if (
        type(appended) is cst.Call and type(appended.func) is cst.Attribute and appended.func.attr.value == "append"  # type: ignore[attr-defined]
        and type(appended.func.value) is cst.Name and any(node is use.call for node in descendants(appended))  # type: ignore[attr-defined]
    ):
        return frozenset({appended.func.value.value})  # type: ignore[attr-defined]
    if type(small) is not cst.Assign or not any(node is use.call for node in descendants(small.value)):
        return frozenset()
    return frozenset(
        node.value for target in small.targets for node in descendants(target.target) if type(node) is cst.Name
    )


def _compared_pairs(body: cst.CSTNode) -> Iterator[tuple[cst.CSTNode, cst.CSTNode]]:
    """The two sides of each comparison ``body`` asserts: `a == b` or `a != b` in an `assert`
    statement, the first two arguments of a call there whose name says it compares them
    (`assert check_equal(a, b)`), and those of a call whose name says it asserts
    (`np.testing.assert_allclose(a, b)`). A comparison whose value the code only computes
    (`same = jnp.all(a == b)`) is not one: it may be showing that the two are equal by mistake."""
    for node in descendants(body):
        kind = type(node)
        if kind is cst.Assert:
            yield from _comparisons(node.test)  # type: ignore[attr-defined]
        elif kind is cst.Call and _compares(node, _ASSERTING):
            yield node.args[0].value, node.args[1].value  # type: ignore[attr-defined]


def _comparisons(test: cst.BaseExpression) -> Iterator[tuple[cst.CSTNode, cst.CSTNode]]:
    for node in descendants(test):
        kind = type(node)
        if kind is cst.Comparison:
            left = node.left  # type: ignore[attr-defined]
            for target in node.comparisons:  # type: ignore[attr-defined]
                if type(target.operator) in (cst.Equal, cst.NotEqual):
                    yield left, target.comparator
                left = target.comparator
        elif kind is cst.Call and _compares(node, _COMPARING):
            yield node.args[0].value, node.args[1].value  # type: ignore[attr-defined]


def _compares(call: cst.Call, name: re.Pattern[str]) -> bool:
    """Whether ``call`` is named by ``name`` and its first two arguments are positional."""
    callee = dotted_name(call.func)
    return (
        callee is not None and bool(name.search(callee.rsplit(".", 1)[-1])) and len(call.args) >= 2
        and all(arg.keyword is None and not arg.star for arg in call.args[:2])
    )


def _bound_at(target: cst.BaseExpression, places: frozenset[tuple[int, ...]], state: State) -> frozenset[Version] | None:
    """The versions the parts of ``target`` at ``places`` (paths of tuple indices) now bind,
    when each is made of plain names only."""
    found: set[Version] = set()
    for path in places:
        element: cst.BaseExpression | None = target
        for position in path:
            element = _element(element, position) if element is not None else None
        inner = _names_bound(element, state) if element is not None else None
        if inner is None:
            return None
        found |= inner
    return frozenset(found)


def _names_bound(target: cst.BaseExpression, state: State) -> frozenset[Version] | None:
    """The versions ``target`` now binds, when it is made of plain names only."""
    if isinstance(target, (cst.Tuple, cst.List)):
        found: set[Version] = set()
        for element in target.elements:
            inner = _names_bound(element.value, state)
            if inner is None:
                return None
            found |= inner
        return frozenset(found)
    if isinstance(target, cst.StarredElement):
        return _names_bound(target.value, state)
    if isinstance(target, cst.Name):
        return frozenset(v.root for v in state.bindings.get(target.value, ()))
    return None
