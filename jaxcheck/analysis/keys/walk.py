"""The statement-order walk behind :mod:`~jaxcheck.analysis.keys.model`: one function (or the module body) at a time.

The state maps each key variable to the versions it may hold on the paths reaching a point, and
each version to its first consumption. Branches are walked on copies and joined; a loop body is
walked twice, so a consumption that meets its own earlier self is a key reused across
iterations; `return`, `raise`, `break` and `continue` end a path. Lambda bodies are functions of
their own; comprehensions are loops.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

import libcst as cst

from ... import budget, names
from .events import KeyEvents, State, Version, called_name, in_creation_order, join, split_head, target_leaves
from .guards import Guard, parameter_guards
from .model import (
    OWN_BITS, random_constructor, bind_call, GivenWhole, KeyDeleted, LeftOutDefault, KeyIgnored, KeyReuse, KeyUse, Returned, Summary, deleted_key_parameters,
    filled_in_key_parameters, key_made_when_left_out, unread_key_parameters,
)
from ..syntax.scopes import FunctionInfo, Scope
from ..syntax.walk import children, descendants, names_read
from ..values import Value

if TYPE_CHECKING:
    from .flow import KeyFlow

# A key given to more computations than this is not looked at as one compared between them
# (the pairs to look at grow as the square of the uses).
_MAX_USES_COMPARED = 24
_COMPREHENSIONS = frozenset({cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp})
# Nodes that hold no call to evaluate (a lambda's body runs later, as a function of its own).
_INERT = frozenset({
    cst.Lambda, cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis,
})


class Walk(KeyEvents):
    """One function's (or the module's) statements in order, on copies of the state per path."""

    def __init__(self, flow: KeyFlow, function: FunctionInfo | None, scope: Scope) -> None:
        self.flow = flow
        self.facts = flow.facts
        self.function = function
        self.scope = scope
        self.reuses: list[KeyReuse] = []
        self.ignored: list[KeyIgnored] = []
        self.deleted: list[KeyDeleted] = []
        self.held: dict[str, tuple[KeyUse, FunctionInfo | None]] = {}  # see `KeyFlow.held_field_draws`
        self.summary = Summary()
        self._statement: cst.CSTNode = scope.node
        self._loops: list[cst.CSTNode] = []
        self._breaks: list[list[State]] = []
        self._continues: list[list[State]] = []
        self._params: dict[str, Version] = {}
        self._outer: dict[Version, str] = {}  # versions read from enclosing scopes
        self._outer_rebound_by_calls: set[str] = set()  # keys of enclosing scopes a callee advanced
        self._entry_fields: dict[Version, str] = {}  # `self.rng` as the caller handed it in
        # Fields of parameters the function rebinds, and objects it hands to unknown calls (which
        # may change anything they hold); with parameters rebound, what is no longer as on entry.
        self._rebound: set[str] = set()
        self._changed: set[str] = set()
        self._advanced_fields: dict[Version, FunctionInfo] = {}
        self._left_spent: set[cst.Call] = set()
        self._touched: set[str] = set()
        self._consumed_ever: set[Version] = set()
        self._first_uses: dict[Version, KeyUse] = {}  # by root
        self._uses_by_root: dict[Version, list[KeyUse]] = {}
        self._row_selecting_calls: set[cst.Call] = set()
        self._rows_moved_by_calls: dict[cst.Call, tuple[str, tuple[cst.BaseExpression, ...]]] = {}
        self._use_roots: dict[KeyUse, set[Version]] = {}
        self._returns: dict[cst.Call, tuple[FunctionInfo, Summary, dict[str, cst.BaseExpression]]] = {}
        self._results: dict[cst.Call, frozenset[Version] | None] = {}
        self._asserted: list[tuple[set[str], set[str]]] | None = None  # read on the first reuse
        self._read_roots: set[Version] = set()
        self._split_results: dict[cst.Call, frozenset[tuple[int, ...]]] = {}
        self._expecting_raise = 0  # inside how many blocks a test expects to raise
        self._repeating, self._carry_transform, repeated, transform = repeating_origin(flow, function)
        self._mapped_by = transform if transform not in names.LOOP_BODY_TRANSFORMS else None
        # Repeated by a lax loop or a mapping (not a tree map's leaves): a key made in the body
        # from a written seed is the same key on every repetition.
        self._repeats_written_seeds = transform in names.REPEATING_TRANSFORMS
        # The functions that run again with each repetition: a key bound in any of them is made
        # anew each time; one read from further out is the same key every time.
        self._repeated_chain = _enclosing_chain(function, repeated)
        self._from_outside_repetition: set[Version] = set()
        self._partial_bound: set[str] = set()  # parameters a `partial` bound before a mapping
        self._given_whole: dict[Version, GivenWhole] = {}
        self._partial_arguments: dict[Version, cst.BaseExpression | None] = {}  # see ``KeyReuse.bound_at``
        self._left_to_default: set[str] = set()  # see `_defaults_left_by_mapping`
        self._example_inputs: set[cst.Call] = set()  # draws whose values an initialisation ignores
        # One key per seed (see `_seeded_root`), and the constant seed of each `return`.
        self._seed_roots: dict[tuple, tuple[Version, cst.Call]] = {}
        self._root_seeds: dict[Version, tuple] = {}
        self._returned_seeds: list[str | None] = []
        self._runner_calls: dict[cst.Call, cst.Call] = {}
        self._fixed_seed_made_at: cst.Call | None = None  # see ``Summary.fixed_seed_made_at``
        self._default_key_drawn: LeftOutDefault | None = None  # see ``Summary.default_key_drawn``
        self._built_fields: dict[str, cst.BaseExpression] = {}
        self._constructed: dict[cst.Call, list[tuple[str, str]]] = {}
        self._inert_arguments: dict[cst.Call, list[str]] = {}

    # -- entry points ----------------------------------------------------------------------

    def run_function(self, function: FunctionInfo) -> None:
        state = State()
        unmapped = self._unmapped_params(function)
        for param in function.params:
            version = Version()
            self._params[param.name] = version
            state.bindings[param.name] = frozenset({version})
            if param.name in unmapped:
                self._from_outside_repetition.add(version)  # the same key for every element or iteration
                if self._mapped_by is not None:  # chosen where the mapping is applied
                    if param.name in self._partial_bound:
                        self._given_whole[version] = "partial"
                        self._partial_arguments[version] = self.flow.partial_argument(function, param.name, self._repeating)  # type: ignore[arg-type]
                    elif param.name in self._left_to_default:
                        self._given_whole[version] = "default"
                        self._partial_arguments[version] = param.default
                    else:
                        self._given_whole[version] = "in_axes"
        node = function.node
        if isinstance(node, cst.Lambda):
            self._statement = node
            self._expr(node.body, state)
        elif isinstance(node, cst.FunctionDef):
            end = self._suite(node.body, state)
            if end is not None:
                self._note_stream_keys_left_spent(end)
                self.summary.spent_back = self._spent_back(end)
                self.summary.stored_fields = self._stored_fields(function, end)
        self._drop_unread_splits(function)
        self._drop_reuses_for_comparison()
        # A key only handed to callables the analysis cannot see into is not counted as consumed
        # by a call of this function: what happens to it is too far from that call to say.
        self.summary.consumed = {name for name, v in self._params.items() if self._consumed_for_callers(v)}
        self.summary.consumed_only_if = self._consumed_only_if(function)
        self.summary.selects_rows = {
            name for name in self.summary.consumed
            if all(self._selects_rows(use) for use in self._uses_by_root.get(self._params[name], ()))
        }
        self.summary.split_for_caller = {
            name: paths for name in self.summary.consumed if (paths := self._split_for_caller(function, name))
        }
        self.summary.consumed_fields = {name for v, name in self._entry_fields.items() if self._consumed_for_callers(v)}
        split_first = {root for root, use in self._first_uses.items() if use.kind == "split"}
        self.summary.split_first = {name for name, v in self._params.items() if v in split_first} | {
            name for v, name in self._entry_fields.items() if v in split_first
        }
        self.summary.rebound_fields = set(self._rebound)
        # keys its object holds across calls, each with the method that advances it (None: none)
        self.held = self.flow.held_field_draws(function, self)
        self.summary.left_unadvanced = {name: by for name, (_, by) in self.held.items() if by is not None}
        self.summary.changed_objects = set(self._changed)
        self.summary.consumed_outer = {
            name for v, name in self._outer.items()
            if self._consumed_for_callers(v) and name.isidentifier() and not self._fixed_on_purpose(name, function)
        }
        self.summary.rows_of = self._rows_of_keys()
        declared = function.declared_global | function.declared_nonlocal
        self.summary.rebound_outer = self._outer_rebound_by_calls | {
            leaf.value for target, _ in function.assignments for leaf in target_leaves(target)
            if type(leaf) is cst.Name and leaf.value in declared
        }
        seeds = set(self._returned_seeds)
        if len(seeds) == 1:
            self.summary.returned_seed = seeds.pop()
        unread = unread_key_parameters(self.facts, function)
        filled_in = filled_in_key_parameters(self.facts, function)
        fixed = self._fixed_key_drawn(function) if unread or filled_in else None
        if fixed is not None:
            self.ignored = [KeyIgnored(function, param, *fixed) for param in unread]
            # Each key made from a written seed is a draw to give the caller's key instead.
            self.ignored += [
                KeyIgnored(function, param, made, None, filled_in=True)
                for param in filled_in for made in self._literal_keys_drawn()
            ]
        self.summary.drawn_unadvanced = self._drawn_unadvanced(function)
        self.summary.inert = self._inert_params(function)
        self.summary.fixed_seed_made_at = self._fixed_seed_made_at
        self.summary.default_key_drawn = self._default_key_drawn
        self.summary.default_keys = {
            param.name: made for param in function.params
            if param.name in self.summary.consumed and (made := key_made_when_left_out(self.facts, function, param)) is not None
        }
        deleted = deleted_key_parameters(self.facts, function)
        drawn = self._drawn_not_by_callers(function) if deleted else None
        if drawn is not None:
            self.deleted = [KeyDeleted(function, param, deletion, drawn) for param, deletion in deleted]

    def _consumed_only_if(self, function: FunctionInfo) -> dict[str, frozenset[Guard]]:
        """See ``Summary.consumed_only_if``: the tests every consumption of each consumed
        parameter sits behind."""
        guards = parameter_guards(function) if self.summary.consumed else {}
        found = {}
        for name in self.summary.consumed:
            common: frozenset[Guard] | None = None
            for use in self._uses_by_root.get(self._params[name], ()):
                around = guards.get(use.call, frozenset())
                common = around if common is None else common & around
            if common:
                found[name] = common
        return found

    def _inert_params(self, function: FunctionInfo) -> set[str]:
        """See ``Summary.inert``."""
        node = function.node
        if not isinstance(node, cst.FunctionDef):
            return set()
        occurrences: dict[str, int] = {}
        stack: list[cst.CSTNode] = [node.body]  # every node of the body, in no particular order
        while stack:
            found = stack.pop()
            if type(found) is cst.Name:
                occurrences[found.value] = occurrences.get(found.value, 0) + 1  # type: ignore[attr-defined]
            else:  # (a name's only children are its parentheses)
                stack.extend(children(found))
        passed: dict[str, int] = {}  # whole arguments bound to inert parameters of a callee
        for names_passed in self._inert_arguments.values():
            for name in names_passed:
                passed[name] = passed.get(name, 0) + 1
        return {
            param.name for param in function.params
            if param.kind in ("positional", "keyword") and occurrences.get(param.name, 0) == passed.get(param.name, 0)
        }

    def _stored_fields(self, function: FunctionInfo, end: State) -> dict[str, str]:
        """See ``Summary.stored_fields``: the fields of `self` that hold, where the function
        falls off its end, the key a parameter was given, unchanged."""
        if function.method_kind != "instance" or not function.params:
            return {}
        receiver = function.params[0].name
        by_version = {version: name for name, version in self._params.items() if name != receiver}
        stored = {}
        for variable, versions in end.bindings.items():
            head, rest = split_head(variable)
            if head != receiver or not rest.startswith(".") or "[" in rest or len(versions) != 1:
                continue
            (version,) = versions
            if version in by_version and version not in end.consumed:
                stored[variable] = by_version[version]
        return stored

    def _rows_of_keys(self) -> dict[str, tuple[str, frozenset[str]]]:
        """See ``Summary.rows_of``: of the keys its callers give it or that it reads from
        enclosing scopes, those it consumes only to move rows (see `_rows_moved`), one way, of
        arrays computed from its parameters, with how and those parameters."""
        roots: dict[str, list[Version]] = {}
        for name, version in self._params.items():
            if name in self.summary.consumed:
                roots.setdefault(name, []).append(version)
        for version, name in self._outer.items():
            if name in self.summary.consumed_outer:
                roots.setdefault(name, []).append(version)
        found: dict[str, tuple[str, frozenset[str]]] = {}
        for name, versions in roots.items():
            hows: set[str] = set()
            rows: set[str] = set()
            for use in (use for version in versions for use in self._uses_by_root.get(version.root, ())):
                moved = self._rows_moved(use)
                read = set().union(*(names_read(node) for node in moved[1])) & self._params.keys() - {name} if moved else set()
                if moved is None or not read:
                    break
                hows.add(moved[0])
                rows |= read
            else:
                if len(hows) == 1:
                    found[name] = (hows.pop(), frozenset(rows))
        return found

    def _drawn_not_by_callers(self, function: FunctionInfo) -> KeyUse | None:
        """The first draw of this function from a key that is not a parameter itself (a field of
        one, a key made from a seed, one of an enclosing scope): a key its callers do not hand
        it as a key."""
        params = set(self._params.values())
        for root in in_creation_order(self._consumed_ever):
            uses = [use for use in self._uses_by_root.get(root, ()) if use.kind in OWN_BITS]
            if uses and root not in params:
                return uses[0]
        return None

    def _drawn_unadvanced(self, function: FunctionInfo) -> dict[str, frozenset[FunctionInfo]]:
        """See ``Summary.drawn_unadvanced``: this method's own draws from its object's key that
        nothing advances, and what its calls consume only through such draws."""
        own = {name for name, (_, by) in self.held.items() if by is None}
        found: dict[str, frozenset[FunctionInfo]] = {}
        for version, name in self._entry_fields.items():
            uses = self._uses_by_root.get(version, ())
            if name not in self.summary.consumed_fields or not uses:
                continue
            by: frozenset[FunctionInfo] = frozenset()
            for use in uses:
                if use.stored_by:
                    by |= use.stored_by
                elif name in own and use.kind in OWN_BITS:
                    by |= {function}
                else:
                    break
            else:
                found[name] = by
        return found

    def _split_for_caller(self, function: FunctionInfo, param: str) -> frozenset[tuple[int, ...]]:
        """See ``Summary.split_for_caller``: the places of the return value that hold keys split
        from ``param``, when splitting them for the caller is all the function does with it; the
        keys may be stacked or reshaped on the way (names computed from them by assignments
        only), but nothing else may read them."""
        uses = self._uses_by_root.get(self._params[param], ())
        made: set[Version] = set()
        bound: set[str] = set()
        for use in uses:
            versions = self._results.get(use.call)
            if use.kind != "split" or not versions:
                return frozenset()
            made |= versions
            bound |= {
                leaf.value for target, value in function.assignments if value is use.call  # type: ignore[attr-defined]
                for leaf in target_leaves(target) if type(leaf) is cst.Name
            }
        derived = self._derived(frozenset(bound))
        consumed_there = any(
            root in made or (split_head(use.variable)[0] in derived and use not in uses)
            for root, found in self._uses_by_root.items() for use in found
        )
        if not uses or consumed_there or not _only_computed_and_returned(function, derived, self._computes_an_array):
            return frozenset()
        return frozenset(path for value in function.returns for path in _holding(value, derived, ()))

    def _computes_an_array(self, call: cst.Call, found: frozenset[str]) -> bool:
        """Whether ``call`` only computes an array from its arguments: a function of jax's or
        NumPy's array modules (`jnp.stack(keys)`), or a method of an array read from ``found``
        (`keys.reshape(n, -1)`)."""
        func = call.func
        if type(func) is cst.Attribute and names_read(func.value) & found:  # type: ignore[attr-defined]
            return True
        qualified = self.facts.qualified_name(func, self.scope) if type(func) in (cst.Name, cst.Attribute) else None
        return qualified is not None and qualified.startswith(tuple(f"{m}." for m in (*names.ARRAY_MODULES, "numpy")))

    def _spent_back(self, end: State) -> dict[str, tuple[FunctionInfo, Returned]]:
        """The fields of parameters that hold, where the function ends, the key they held on
        entry as a callee handed it back after consuming it (`self.key = self._train(..., self.key)[2]`),
        each with that callee and its `return`."""
        found = {}
        for variable in sorted(self._rebound):
            versions = end.bindings.get(variable, frozenset())
            version = next(iter(versions)) if len(versions) == 1 else None
            if version is not None and version.returned is not None and self._entry_fields.get(version.root) == variable:
                found[variable] = version.returned
        return found

    def _consumed_for_callers(self, root: Version) -> bool:
        """Whether the key ``root`` is consumed as a caller of this function sees it: a key only
        handed to callables the analysis cannot see into is not (what happens to it is too far
        from that call to say)."""
        return root in self._consumed_ever and any(use.kind != "given" for use in self._uses_by_root.get(root, ()))

    def outer_uses(self) -> dict[str, KeyUse]:
        """The first consumption of each key the function reads from an enclosing scope, by its name."""
        return {name: self._first_uses[version] for version, name in self._outer.items() if version in self._first_uses}

    def entry_field_uses(self) -> dict[str, KeyUse]:
        """The first consumption of each key the function reads from a field of a parameter as
        the caller handed it in (`self.key`), by the field."""
        return {
            name: self._first_uses[version] for version, name in self._entry_fields.items() if version in self._first_uses
        }

    def _fixed_on_purpose(self, name: str, function: FunctionInfo) -> bool:
        """Whether ``name`` is a module constant made from a written seed (`WORLD_KEY =
        PRNGKey(0)`) and ``function`` also consumes a key its caller passes: it had a key at hand
        and draws from the constant to get the same numbers on every call (Craftax's fixed map,
        case 1338: the same world on every reset, the player's start still drawn from the
        episode key). Consumed from a function with no key of its own, it is reported."""
        found = self.facts.resolver.lookup(name, self.scope)
        if found is None or found[0] is not self.facts.resolver.module_scope or len(found[1]) != 1:
            return False
        made = found[1][0].node
        return (
            type(made) is cst.Call and random_constructor(self.facts, made, self.scope) is not None  # type: ignore[arg-type]
            and len(made.args) == 1 and type(made.args[0].value) is cst.Integer  # type: ignore[attr-defined]
            and any(param in self.summary.consumed for param in (p.name for p in function.params))
        )

    def _literal_keys_drawn(self) -> list[cst.Call]:
        """The constructors of the keys this function makes from a written seed and consumes."""
        made = {root: call for root, call in self._seed_roots.values()}
        return [
            made[root] for root in in_creation_order(self._consumed_ever)
            if root in made and self._root_seeds.get(root, ("",))[0] == "literal"
        ]

    def _fixed_key_drawn(self, function: FunctionInfo) -> tuple[cst.BaseExpression, str | None] | None:
        """The first key ``function`` consumes that is the same on every call: one it makes from
        a written seed (the constructor), or a field of `self` that it never rebinds (where it
        is consumed)."""
        receiver = function.params[0].name if function.owner_class is not None and function.params else None
        made = {root: call for root, call in self._seed_roots.values()}
        for root in in_creation_order(self._consumed_ever):
            seed = self._root_seeds.get(root)
            if seed is not None and seed[0] == "literal" and root in made:
                return made[root], None
            field_name = self._entry_fields.get(root)
            if (
                field_name is not None and receiver is not None and field_name.startswith(receiver + ".")
                and field_name not in self._rebound and root in self._first_uses
            ):
                return self._first_uses[root].key, field_name
        return None

    def _unmapped_params(self, function: FunctionInfo) -> set[str]:
        """Parameters that the transformation repeating ``function`` passes whole to every
        element or iteration: what a `partial` bound before it applied (`jax.vmap(partial(f,
        key))`, `fori_loop(0, n, partial(body, key=key), x)`), and what a mapping leaves
        unmapped (vmap's `in_axes=None`): a key there is one key for all of them."""
        if self._repeating is None:
            return set()
        mapping = [
            tracing for tracing in self.flow.facts.tracings.get(function, ())
            if tracing.via is None and tracing.origin is self._repeating
        ]
        self._partial_bound = {name for tracing in mapping for name in tracing.partial_bound}
        self._partial_bound |= self.flow.partial_body_bound(function)
        if self._mapped_by is None:
            return set(self._partial_bound)
        self._left_to_default = self._defaults_left_by_mapping(function)
        return self._partial_bound | self._left_to_default | {
            name for tracing in mapping for name, value in tracing.param_values.items() if value is Value.STATIC
        }

    def _defaults_left_by_mapping(self, function: FunctionInfo) -> set[str]:
        """Parameters with a default that the call of the mapping (`jax.vmap(update)(xs)` on
        `def update(point, key=key)`) leaves out: the mapping maps only what it is given, so
        each element gets the default, one value for all (measured on jax 0.10.2: a key left to
        its default draws the same numbers in every row, case 2101's ensemble of filters)."""
        applied = self.flow.applied_call(self._repeating) if self._repeating is not None else None
        if applied is None or any(arg.star for arg in applied.args):
            return set()
        passed = bind_call(applied, function, 0).by_name
        return {
            param.name for param in function.params
            if param.default is not None and param.name not in passed and param.kind in ("positional", "keyword")
        }

    def run_module(self, module: cst.Module) -> None:
        self._block(module.body, State())
        self._drop_unread_splits(None)
        self._drop_reuses_for_comparison()

    def _drop_unread_splits(self, function: FunctionInfo | None) -> None:
        """A parent key used after a `split` whose keys are never read (`eval_keys = split(key)`
        rebound before any use), or after a call that only split it for this code (see
        ``Summary.split_for_caller``) whose keys are never read, gives nothing correlated: no
        reuse."""
        def unread(reuse: KeyReuse) -> bool:
            if reuse.kind != "after-split" and reuse.first.call not in self._split_results:
                return False
            versions = self._results.get(reuse.first.call)
            return bool(versions) and not (versions & self._read_roots) and not self._read_nested(reuse.first.call, function)

        self.reuses = [reuse for reuse in self.reuses if not unread(reuse)]

    def _drop_reuses_for_comparison(self) -> None:
        """A key handed to two computations whose results an assertion then compares (a test
        checking that two implementations agree, `loss_a = a.feedback(key, batch)` and
        `loss_b = b.feedback(key, batch)`) is given again on purpose: its other reuses in the
        same body (each implementation's next step with it) serve the same comparison."""
        reused = {root for reuse in self.reuses if reuse.kind in ("again", "loop") for root in self._use_roots.get(reuse.second, ())}
        compared = {
            root for root in reused
            if len(self._uses_by_root[root]) <= _MAX_USES_COMPARED
            and any(self._results_compared(a, b) for a, b in itertools.combinations(self._uses_by_root[root], 2))
        }
        if compared:
            self.reuses = [
                reuse for reuse in self.reuses
                if reuse.kind not in ("again", "loop") or not self._use_roots.get(reuse.second, set()) & compared
            ]

    def _read_nested(self, split: cst.Call, function: FunctionInfo | None) -> bool:
        """Whether a nested function or lambda may read what ``split`` assigned (walked apart)."""
        assigned = self._assigned_names(split)
        for nested in self.facts.functions:
            if nested is not function and _inside(nested, function) and assigned & names_read(nested.node.body):  # type: ignore[attr-defined]
                return True
        return False

    def _assigned_names(self, split: cst.Call) -> set[str]:
        for site in self.facts.sites(cst.Assign):
            if site.node.value is split:  # type: ignore[attr-defined]
                return {n.value for t in site.node.targets for n in descendants(t.target) if type(n) is cst.Name}  # type: ignore[attr-defined]
        return set()

    # -- statements ------------------------------------------------------------------------

    def _block(self, statements: Sequence[cst.CSTNode], state: State | None) -> State | None:
        for statement in statements:
            if state is None:
                return None
            state = self._compound(statement, state)
        return state

    def _suite(self, suite: cst.BaseSuite, state: State) -> State | None:
        if isinstance(suite, cst.IndentedBlock):
            return self._block(suite.body, state)
        return self._smalls(suite.body, suite, state)  # type: ignore[attr-defined]

    def _compound(self, node: cst.CSTNode, state: State) -> State | None:
        budget.tick()
        self._statement = node
        kind = type(node)  # exact types, as in _expr
        if kind is cst.SimpleStatementLine:
            return self._smalls(node.body, node, state)
        if kind is cst.If:
            return self._if(node, state)
        if kind is cst.For:
            self._expr(node.iter, state)

            def body(s: State) -> State | None:
                self._bind(node.target, s)
                return self._suite(node.body, s)

            return self._loop(node, state, body, node.orelse, passes=1 if self._over_configs(node) else 2)
        if kind is cst.While:
            self._expr(node.test, state)

            def body_and_test(s: State) -> State | None:
                end = self._suite(node.body, s)
                if end is not None:
                    self._expr(node.test, end)
                return end

            return self._loop(node, state, body_and_test, node.orelse)
        if kind is cst.Try:
            return self._try(node, state)
        if kind is cst.With:
            for item in node.items:
                self._expr(item.item, state)
                if item.asname is not None:
                    self._bind(item.asname.name, state)
            expecting = any(self._expects_raise(item.item) for item in node.items)
            self._expecting_raise += expecting
            try:
                return self._suite(node.body, state)
            finally:
                self._expecting_raise -= expecting
        if kind is cst.Match:
            self._expr(node.subject, state)
            return join([state, *(self._suite(case.body, state.copy()) for case in node.cases)])
        if kind is cst.FunctionDef or kind is cst.ClassDef:
            state.drop(node.name.value)
        return state

    def _smalls(self, smalls: Sequence[cst.BaseSmallStatement], line: cst.CSTNode, state: State) -> State | None:
        self._statement = line
        for small in smalls:
            kind = type(small)
            if kind is cst.Assign:
                self._expr(small.value, state)
                for target in small.targets:
                    self._assign(target.target, small.value, state)
            elif kind is cst.AnnAssign:
                if small.value is not None:
                    self._expr(small.value, state)
                    self._assign(small.target, small.value, state)
            elif kind is cst.AugAssign:
                self._expr(small.value, state)
                self._bind(small.target, state)
            elif kind is cst.Expr or kind is cst.Assert:
                self._expr(small.value if kind is cst.Expr else small.test, state)
            elif kind is cst.Return:
                if small.value is not None:
                    self._expr(small.value, state)
                    self._note_return(small.value, state)
                self._note_stream_keys_left_spent(state)
                return None
            elif kind is cst.Raise:
                if small.exc is not None:
                    self._expr(small.exc, state)
                return None
            elif kind is cst.Break or kind is cst.Continue:
                stack = self._breaks if kind is cst.Break else self._continues
                if stack:
                    stack[-1].append(state)
                return None
            elif kind is cst.Del:
                self._bind(small.target, state)
        return state

    def _if(self, node: cst.If, state: State) -> State | None:
        self._statement = node
        self._expr(node.test, state)
        taken = self._suite(node.body, state.copy())
        orelse = node.orelse
        if isinstance(orelse, cst.If):
            other = self._if(orelse, state.copy())
        elif isinstance(orelse, cst.Else):
            other = self._suite(orelse.body, state.copy())
        else:
            other = state
        return join([taken, other])

    def _try(self, node: cst.Try, state: State) -> State | None:
        body_end = self._suite(node.body, state.copy())
        handler_entry = join([state, body_end]) or state
        ends = [self._suite(node.orelse.body, body_end) if node.orelse and body_end else body_end]
        for handler in node.handlers:
            entry = handler_entry.copy()
            if handler.name is not None:
                self._bind(handler.name.name, entry)
            ends.append(self._suite(handler.body, entry))
        result = join(ends)
        if node.finalbody is not None:
            final = self._suite(node.finalbody.body, (result or handler_entry).copy())
            return final if result is not None else None
        return result

    def _over_configs(self, loop: cst.For) -> bool:
        """A loop over a literal tuple or list (of shapes, settings): drawing the same numbers for
        each configuration is a controlled comparison, not a hazard."""
        iterable: cst.CSTNode | None = loop.iter
        if isinstance(iterable, cst.Name):
            found = self.facts.resolver.lookup(iterable.value, self.scope)
            iterable = found[1][0].node if found and len(found[1]) == 1 else None
        return isinstance(iterable, (cst.Tuple, cst.List, cst.Set))

    def _loop(
        self, node: cst.CSTNode, state: State, body: Callable[[State], State | None], orelse: cst.CSTNode | None,
        passes: int = 2,
    ) -> State | None:
        """Walk ``body`` twice: the second pass starts where the first ended, so it sees what
        the first consumed and rebound. After the loop: one or more iterations of a `for` (a
        loop over nothing is rarely what the code is for: `key, sub = split(key)` in every
        layer's iteration leaves a new key after it), zero or more of any other loop."""
        self._loops.append(node)
        exits: list[State] = []
        ends: list[State | None] = [] if type(node) is cst.For else [state]
        current: State | None = state
        for _ in range(passes):
            if current is None:
                break
            self._breaks.append([])
            self._continues.append([])
            end = body(current.copy())
            exits.extend(self._breaks.pop())
            current = join([end, *self._continues.pop()])
            ends.append(current)
        self._loops.pop()
        if not exits and all(end is None for end in ends):
            ends.append(state)  # every iteration leaves the function: what follows runs after none
        after = join(ends)
        if isinstance(orelse, cst.Else) and after is not None:
            after = self._suite(orelse.body, after.copy())
        return join([after, *exits])

    # -- expressions -----------------------------------------------------------------------

    def _expr(self, node: cst.CSTNode, state: State) -> None:
        """Evaluate ``node`` in place: arguments before the call that takes them.

        Dispatches on the exact node type: libcst nodes are ABCs, and `isinstance` against them
        is the walk's main cost on large files."""
        node_type = type(node)
        if node_type in _INERT:
            if node_type is cst.Name:
                self._read_roots.update(v.root for v in state.bindings.get(node.value, ()))  # type: ignore[attr-defined]
            return
        if node_type in _COMPREHENSIONS:
            self._comprehension(node, state)
            return
        if node_type is cst.IfExp:
            self._expr(node.test, state)  # type: ignore[attr-defined]
            self._alternatives((node.body, node.orelse), state)  # type: ignore[attr-defined]
            return
        if node_type is cst.Call:
            if self._select(node, state):  # type: ignore[arg-type]
                return
            self._note_example_inputs(node)  # type: ignore[arg-type]
        if node_type is cst.NamedExpr:
            self._expr(node.value, state)  # type: ignore[attr-defined]
            self._assign(node.target, node.value, state)  # type: ignore[attr-defined]
            return
        for child in children(node):
            self._expr(child, state)
        if node_type is cst.Call:
            self._call(node, state)  # type: ignore[arg-type]

    def _alternatives(self, branches: Sequence[cst.BaseExpression], state: State) -> None:
        """Evaluate expressions of which only one is used, each on a copy, and join them."""
        ends = []
        for branch in branches:
            copy = state.copy()
            self._expr(branch, copy)
            ends.append(copy)
        joined = join(ends)
        assert joined is not None
        state.bindings, state.consumed = joined.bindings, joined.consumed

    def _select(self, call: cst.Call, state: State) -> bool:
        """`lax.select(pred, a, b)`, `jnp.where(c, a, b)`: both operands are computed, but each
        element of the result comes from one of them, so they are alternatives (as the two
        branches of a conditional expression)."""
        func = call.func
        if called_name(call) not in names.SELECT_SHORT_NAMES:
            return False
        qualified = self.facts.qualified_name(func, self.scope)
        first = names.SELECTS.get(names.canonical(qualified)) if qualified else None
        arguments = call.args
        if first is None or len(arguments) < first + 2 or any(a.star or a.keyword for a in arguments):
            return False
        self._expr(func, state)
        for argument in arguments[:first]:
            self._expr(argument.value, state)
        self._alternatives([a.value for a in arguments[first:]], state)
        self._call(call, state)
        return True

    def _note_example_inputs(self, call: cst.Call) -> None:
        """`model.init(key, jax.random.normal(key, shape))`, `init_fn(key, x)` of `hk.transform`:
        an initialisation draws the parameters from its key and reads only the shapes of its
        example inputs (measured on jax 0.10.2 with flax linen and haiku: other input values give
        the same parameters), so a draw made as one of them uses no random bits that matter."""
        name = called_name(call)
        if name is not None and (name == "init" or name.endswith("init_fn")):
            self._example_inputs.update(arg.value for arg in call.args[1:] if type(arg.value) is cst.Call)

    def _comprehension(self, node: cst.CSTNode, state: State) -> None:
        first: cst.CompFor = node.for_in  # type: ignore[attr-defined]
        self._expr(first.iter, state)

        def body(s: State) -> State:
            for_in: cst.CompFor | None = first
            while for_in is not None:
                if for_in is not first:
                    self._expr(for_in.iter, s)
                self._bind(for_in.target, s)
                for condition in for_in.ifs:
                    self._expr(condition.test, s)
                for_in = for_in.inner_for_in
            for part in ("elt", "key", "value"):
                if getattr(node, part, None) is not None:
                    self._expr(getattr(node, part), s)
            return s

        result = self._loop(node, state, body, None)
        if result is not None:
            state.bindings, state.consumed = result.bindings, result.consumed


def repeating_origin(
    flow: KeyFlow, function: FunctionInfo | None, _depth: int = 0,
) -> tuple[cst.CSTNode | None, str | None, FunctionInfo | None, str | None]:
    """The `lax.scan`/`fori_loop`/`vmap` application that runs ``function`` many times, the
    loop transform's name when what ``function`` returns is carried to the next iteration (a
    `while_loop` condition returns a boolean, so treating it as a body finds nothing), the
    body that application runs (``function`` itself or a body it is defined in), and the
    transformation's name."""
    if function is None or _depth > 4:
        return None, None, None, None
    tracings = flow.facts.tracings.get(function, ())
    direct = [t for t in tracings if t.via is None]
    for tracing in direct:
        name = tracing.transform.name
        if name in names.REPEATING_TRANSFORMS:
            return tracing.origin, name if name in names.CARRY_TRANSFORMS else None, function, name
    # A branch of `lax.cond` (or any body traced at once) defined in a body that runs again per
    # iteration or mapped element runs again with it: the enclosing body's repetition holds.
    definer = function.parent.enclosing_function if function.parent is not None else None
    if definer is not None and direct and all(t.transform.runs_at_once for t in direct):
        origin, _, repeated, name = repeating_origin(flow, definer, _depth + 1)
        if origin is not None:
            return origin, None, repeated, name
    partial_body = flow.partial_bodies.get(function)
    if partial_body is not None:  # `step = partial(body_fn, x=x)`, then `fori_loop(0, n, step, init)`
        call, name = partial_body
        return call, name if name in names.CARRY_TRANSFORMS else None, function, name
    leaf_map = flow.leaf_maps.get(function)
    if leaf_map is not None:  # `tree_map(lambda p: p + normal(key, p.shape), params)`: once per leaf
        return leaf_map[0], None, function, leaf_map[1]
    return None, None, None, None


def _enclosing_chain(function: FunctionInfo | None, outermost: FunctionInfo | None) -> tuple[FunctionInfo, ...]:
    """``function`` and the functions it is defined in, out to ``outermost`` (just ``function``
    when ``outermost`` is not one of them)."""
    chain: list[FunctionInfo] = []
    current = function
    while current is not None:
        chain.append(current)
        if current is outermost:
            return tuple(chain)
        current = current.parent.enclosing_function if current.parent is not None else None
    return tuple(chain[:1])


def _inside(nested: FunctionInfo, function: FunctionInfo | None) -> bool:
    """Whether ``nested`` is defined, at any depth, in ``function`` (None: the module)."""
    scope = nested.parent
    while scope is not None:
        if scope is function:
            return True
        scope = scope.parent
    return function is None


def _only_computed_and_returned(
    function: FunctionInfo, found: frozenset[str], computes_an_array: Callable[[cst.Call, frozenset[str]], bool]
) -> bool:
    """Whether the body reads the names ``found`` only in a `return`, or to compute one of them
    again with calls that only compute arrays (`keys = jnp.stack(keys).reshape(n, -1)`), and no
    nested function reads them."""
    def read_elsewhere(statement: cst.CSTNode) -> bool:
        if type(statement) is cst.SimpleStatementLine:
            return any(read_elsewhere(small) for small in statement.body)  # type: ignore[attr-defined]
        if type(statement) is cst.Return or not names_read(statement) & found:
            return False
        if type(statement) is cst.Assign:
            return not all(
                type(leaf) is cst.Name and leaf.value in found  # type: ignore[attr-defined]
                for target in statement.targets for leaf in target_leaves(target.target)  # type: ignore[attr-defined]
            ) or not all(computes_an_array(call, found) for call in descendants(statement.value) if type(call) is cst.Call)
        if isinstance(statement, (cst.BaseSmallStatement, cst.FunctionDef, cst.ClassDef)):
            return True
        # a compound statement: its header read as is, its blocks statement by statement
        for part in children(statement):
            if isinstance(part, cst.BaseSuite):
                if any(read_elsewhere(inner) for inner in part.body):  # type: ignore[attr-defined]
                    return True
            elif isinstance(part, (cst.If, cst.Else, cst.Finally, cst.ExceptHandler, cst.BaseCompoundStatement)):
                if read_elsewhere(part):
                    return True
            elif names_read(part) & found:
                return True
        return False

    body = function.node.body if isinstance(function.node, cst.FunctionDef) else None
    return body is not None and not any(read_elsewhere(statement) for statement in body.body)  # type: ignore[attr-defined]


def _holding(value: cst.BaseExpression | None, found: frozenset[str], path: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The places (paths of tuple indices) of the returned ``value`` that hold one of ``found``."""
    if value is None or not names_read(value) & found:
        return
    if type(value) is cst.Tuple and not any(type(e) is cst.StarredElement for e in value.elements):  # type: ignore[attr-defined]
        for position, element in enumerate(value.elements):  # type: ignore[attr-defined]
            yield from _holding(element.value, found, (*path, position))
        return
    yield path
