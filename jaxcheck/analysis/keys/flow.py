"""The PRNG key events of a module, worked out on demand per function (see :mod:`~jaxcheck.analysis.keys.model`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.binding import bind_call
from ..syntax.collect import Site
from .model import (
    OWN_BITS, KeyDeleted, KeyIgnored, KeyReuse, KeyUse, Summary, callees_of, consumes_a_key, default_key_reuses, hands_keys,
    deleted_key_parameters, field_default_keys, filled_in_key_parameters, keys_yielded_in_loops, overwrites_in,
    random_constructor, runner_target, unread_key_parameters, body_functions,
)
from .walk import Walk, repeating_origin
from ..host.frequency import Branches, returned_by_factory
from ..syntax.scopes import ClassInfo, FunctionInfo, Scope
from ..transforms.instances import enclosing_class
from ..transforms import carry, nnlibs
from .events import target_leaves
from ..syntax.walk import descendants, dotted_name, names_read

if TYPE_CHECKING:
    from ..facts import ModuleFacts


def walk_function(flow: KeyFlow, function: FunctionInfo) -> Walk:
    walk = Walk(flow, function, function)
    walk.run_function(function)
    return walk


def walk_module(flow: KeyFlow) -> Walk:
    walk = Walk(flow, None, flow.facts.resolver.module_scope)
    walk.run_module(flow.facts.module)
    return walk


class KeyFlow:
    """The key events of one module, computed once on first use."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.reuses: list[KeyReuse] = []
        self.ignored: list[KeyIgnored] = []
        self.deleted: list[KeyDeleted] = []
        self.overwrites = [o for f in facts.functions for o in overwrites_in(facts, f)]
        self.default_reuses = [d for f in facts.functions for d in default_key_reuses(facts, f)]
        # Only generators can yield a key: the functions a `yield` of the index sits in.
        generators = {site.scope.enclosing_function for site in facts.index.get(cst.Yield, ())}
        self.yielded = [y for f in facts.functions if f in generators for y in keys_yielded_in_loops(facts, f)]
        self.field_defaults = [d for c in facts.classes for d in field_default_keys(facts, c)]
        self._walks: dict[FunctionInfo, Walk] = {}
        self._branches: dict[cst.CSTNode, Branches] = {}
        self._in_progress: set[FunctionInfo] = set()
        self._keywords: list[tuple[set[str], ClassInfo | None, ClassInfo | None]] | None = None
        self._rebound_attributes: set[tuple[ClassInfo | None, str]] = set()
        self._own_classes = set(facts.classes)
        # Functions a tree map applies to every leaf (`tree_map(lambda p: ..., params)`), with
        # that call and the map's name: they run once per leaf, as a mapped body per element.
        self.leaf_maps: dict[FunctionInfo, tuple[cst.Call, str]] = {}
        # Bodies of lax loops given as a name bound to a `partial` (see `_note_partial_body`),
        # with the loop's call and name.
        self.partial_bodies: dict[FunctionInfo, tuple[cst.Call, str]] = {}
        self._partial_body_bound: dict[FunctionInfo, tuple[cst.BaseExpression, Scope]] = {}
        self._parameter_functions: dict[tuple[FunctionInfo, str], tuple[FunctionInfo, int] | None] = {}
        self._partials: list[Site] | None = None  # the `partial(...)` calls of the module
        self._applied: dict[int, cst.Call] | None = None  # see `applied_call`
        relevant = self._relevant_functions()
        if relevant is None:
            return
        seen: set[cst.CSTNode] = set()
        for function in facts.functions:
            if function in relevant and (self._may_reuse(function) or deleted_key_parameters(facts, function)):
                self._record(self.walk(function), seen)
        if None in relevant:
            self._record(walk_module(self), seen)
        self.reuses.extend(self._keys_given_whole_to_other_modules(seen))
        self.reuses.extend(self._held_key_draws(relevant, seen))
        self.reuses.extend(self._captured_key_draws(relevant, seen))

    def walk(self, function: FunctionInfo) -> Walk | None:
        """The walk of ``function`` (None while it is being walked: recursion)."""
        found = self._walks.get(function)
        if found is None:
            if function in self._in_progress:
                return None
            self._in_progress.add(function)
            try:
                found = walk_function(self, function)
            finally:
                self._in_progress.discard(function)
            self._walks[function] = found
        return found

    def branches_of(self, root: cst.CSTNode) -> Branches:
        """The `if` branches around the nodes of one function (or the module), walked once."""
        if root not in self._branches:
            self._branches[root] = Branches(root)
        return self._branches[root]

    def summary(self, function: FunctionInfo) -> Summary:
        """What ``function`` does to its key parameters (empty while it is being walked)."""
        walk = self.walk(function)
        return walk.summary if walk is not None else Summary()

    def _keys_given_whole_to_other_modules(self, seen: set[cst.CSTNode]) -> list[KeyReuse]:
        """Keys a mapping of this module hands whole to every element of a function of another
        module (`jax.vmap(add_noise, in_axes=(0, None))(xs, key)`, `add_noise` imported): the
        function's walk under that mapping finds them, and they are reported at the mapping,
        which is here."""
        own = set(self.facts.functions)
        here = {id(site.node) for site in self.facts.sites(cst.Call)}
        found = []
        for function in list(self.facts.tracings):
            if function in own or repeating_origin(self, function)[0] is None:
                continue
            walk = self.walk(function)
            for reuse in walk.reuses if walk is not None else ():
                if reuse.given_whole_by is not None and id(reuse.loop) in here and reuse.loop not in seen:
                    seen.add(reuse.loop)  # type: ignore[arg-type]
                    found.append(reuse)
        return found

    def _held_key_draws(self, relevant: set[FunctionInfo | None], seen: set[cst.CSTNode]) -> list[KeyReuse]:
        """The draws of methods from keys their object holds (see `held_field_draws`): left spent
        while another method advances the field (``after-split``), or drawn again on every call
        (``loop`` over the calls, ``every_call_of``). A method that ignores a key parameter for
        the field is reported as that (``Walk.ignored``)."""
        found = []
        for function in self.facts.functions:
            walk = self.walk(function) if function in relevant and function.owner_class is not None else None
            for field_name, (use, advancer) in sorted(walk.held.items()) if walk is not None else ():
                if use.call in seen or (advancer is None and walk.ignored):  # type: ignore[union-attr]
                    continue
                seen.add(use.call)
                if advancer is not None:
                    found.append(KeyReuse("after-split", use, use, advanced_by=advancer))
                else:
                    found.append(KeyReuse("loop", use, use, loop=function.node, every_call_of=function))
        return found

    def held_field_draws(self, function: FunctionInfo, walk: Walk) -> dict[str, tuple[KeyUse, FunctionInfo | None]]:
        """The keys the method ``function`` consumes from fields of its object as they were on
        entry (`normal(self.key, ...)`, `split(self.key)`, a function of the checked code handed
        `self.key`, or any of these through a local bound to the field), by field, each with
        the method that advances that field between calls: a key the object holds across calls
        is judged by who advances it.

        - Another method of its class (not one setting the object up) consumes and rebinds it
          (`self.key, sub = split(self.key)`), while this one splits it and leaves it: the object
          hands out keys as a stream, and this method leaves a spent parent for its next key
          (measured on jax 0.10.2: after `split(self.key, 4)`, the stream's next key equals one
          of those four in 3 of 3 seeds). That method is given.
        - Nothing advances it after set-up, and no code of the module replaces it (see
          `_replaced`): every call of the method draws the same numbers (None). A jitted step
          handed `self.key` that returns a new key the caller drops (sbx's SAC, case 1334) is one
          of these: measured on jax 0.10.2, the noise drawn repeats on 2 of 2 later calls; so is
          `split(self.rng_key)` in a module's `apply` (dopamine's NoisyNetwork, case 1333: two
          applications give equal outputs). A call of another method that consumes the field so
          is reported in that method (its use carries ``stored_by``). Not when every caller runs
          the method on an object it has just built (once per object), nor in a method of a flax
          linen module that declares parameters (`self.param`, `self.variable`) or builds
          submodules: a key field drawn from there (StyleGAN ports' `rng: Any = PRNGKey(0)`
          handed to `get_weight`) builds their initial values, which `apply` ignores (on
          vit-vqgan-jax, 5 of 5 such findings). A linen method that only computes with the
          field's draws on every `apply` is reported (JaxMARL's SHAQ samples the same coalitions
          each step). Nor when the method marks its object spent and raises on a second call
          (see `_marks_itself_spent`): alphafold's `SafeKey` is a key used once."""
        owner = function.owner_class
        if owner is None or function.method_kind != "instance" or not function.params or function in self.facts.state_changes.setup:
            return {}
        receiver = function.params[0].name
        drawn_each_call: bool | None = None  # computed on the first field nothing advances
        found: dict[str, tuple[KeyUse, FunctionInfo | None]] = {}
        for field_name, use in sorted(walk.entry_field_uses().items()):
            head, _, attribute = field_name.partition(".")
            if head != receiver or not attribute.isidentifier() or use.stored_by:
                continue
            advancer = (
                self._advancing_method(owner, attribute, function)
                if use.kind == "split" and field_name not in walk.summary.rebound_fields else None
            )
            if advancer is not None:
                found[field_name] = (use, advancer)
                continue
            if use.kind not in OWN_BITS or self._replaced(owner, attribute) or _marks_itself_spent(function):
                continue
            if drawn_each_call is None:
                drawn_each_call = not self.facts.frequency.once_per_object(function) and not (
                    nnlibs.is_linen_module_class(self.facts.staging, owner) and self._builds_parameters(function)
                )
            if drawn_each_call:
                found[field_name] = (use, None)
        return found

    def _advancing_method(self, owner: ClassInfo, attribute: str, function: FunctionInfo) -> FunctionInfo | None:
        """Another method of ``owner`` (not ``function``, not one setting the object up) that both
        consumes and rebinds its object's field ``attribute``."""
        setup = self.facts.state_changes.setup
        for method in owner.methods.values():
            if method is function or method in setup or method.method_kind != "instance" or not method.params:
                continue
            summary = self.summary(method)
            own = f"{method.params[0].name}.{attribute}"
            if own in summary.consumed_fields and own in summary.rebound_fields:
                return method
        return None

    def _builds_parameters(self, function: FunctionInfo) -> bool:
        """Whether the method ``function`` of a flax linen module declares parameters or
        variables (`self.param(...)`, `self.variable(...)`) or builds submodules (a linen module
        class called): it runs on `init` to build them, and keys it draws make their initial
        values."""
        receiver = function.params[0].name
        staging = self.facts.staging
        for node in descendants(function.node):
            if type(node) is not cst.Call:
                continue
            func = node.func
            if type(func) is cst.Attribute and func.attr.value in ("param", "variable") and type(func.value) is cst.Name and func.value.value == receiver:
                return True
            built = staging.class_named(func, function) if type(func) in (cst.Name, cst.Attribute) else None
            if built is not None and nnlibs.is_linen_module_class(staging, built):
                return True
        return False

    def _captured_key_draws(self, relevant: set[FunctionInfo | None], seen: set[cst.CSTNode]) -> list[KeyReuse]:
        """Functions a factory returns (`return dropout_fn`) that draw from a key they capture
        from that factory (`make_dropout_fn(rate, key)`) and never rebind: the factory's product
        is built to be called, and every call draws the same numbers."""
        found = []
        for function in self.facts.functions:
            factory = function.parent if isinstance(function.parent, FunctionInfo) else None
            if factory is None or function not in relevant or not returned_by_factory(function):
                continue
            walk = self.walk(function)
            for name, use in sorted(walk.outer_uses().items()) if walk is not None else ():
                if (
                    use.kind != "draw" or use.call in seen or not name.isidentifier() or name not in factory.bindings
                    or name in function.declared_nonlocal
                ):
                    continue
                seen.add(use.call)
                found.append(KeyReuse("loop", use, use, loop=function.node, every_call_of=function, captured_from=factory))
        return found

    def _replaced(self, owner: ClassInfo, attribute: str) -> bool:
        """Whether a call of the module passes a keyword named ``attribute`` (`replace(key=k)`,
        `_replace(rng=k)`, `Exploration(key=k)` in a method of `Exploration`), other than a call
        of a library, one building another class, or one building the object from outside its
        class; or a statement outside set-up rebinds a field of that name (`agent.key = k`) to
        anything but a key made from a seed (`set_seed(seed)` starts the same stream over: the
        draws between two such calls repeat)."""
        if self._keywords is None:
            self._keywords = []
            staging = self.facts.staging
            for site in self.facts.sites(cst.Call):
                call: cst.Call = site.node  # type: ignore[assignment]
                keywords = {arg.keyword.value for arg in call.args if arg.keyword is not None}
                self._note_selected_fields(call, site.scope)
                if keywords and not self._library_call(call, site.scope):
                    built = staging.class_named(call.func, site.scope)
                    self._keywords.append((keywords, built, enclosing_class(site.scope)))
            setup = self.facts.state_changes.setup
            for function in self.facts.functions:
                receiver = function.params[0].name if function.owner_class is not None and function.params else None
                for target, value in function.assignments if function not in setup else ():
                    if self._reseeds(value, function):
                        continue  # `set_seed(seed)`: the stream starts over, it does not advance
                    for leaf in target_leaves(target):
                        if type(leaf) is cst.Attribute:  # `self.key = ...` in a method: that class's field
                            own = type(leaf.value) is cst.Name and leaf.value.value == receiver  # type: ignore[attr-defined]
                            self._rebound_attributes.add((function.owner_class if own else None, leaf.attr.value))  # type: ignore[attr-defined]
        rebound = self._rebound_attributes
        # A class of another module: its methods are not among this module's functions.
        by_own_methods = (
            (owner, attribute) in rebound if owner in self._own_classes else self._rebound_by_own_methods(owner, attribute)
        )
        return by_own_methods or (None, attribute) in rebound or any(
            attribute in keywords and (built is None or (built is owner and inside is owner))
            for keywords, built, inside in self._keywords
        )

    def _rebound_by_own_methods(self, owner: ClassInfo, attribute: str) -> bool:
        """Whether a method of ``owner`` other than `__init__` rebinds its object's field
        ``attribute`` (`self.key, sub = split(self.key)` in `__next__`)."""
        for method in owner.methods.values():
            receiver = method.params[0].name if method.params and method.method_kind == "instance" else None
            if receiver is None or method.name == "__init__":
                continue
            for target, value in method.assignments:
                if self._reseeds(value, method):
                    continue
                if any(
                    type(leaf) is cst.Attribute and leaf.attr.value == attribute  # type: ignore[attr-defined]
                    and type(leaf.value) is cst.Name and leaf.value.value == receiver  # type: ignore[attr-defined]
                    for leaf in target_leaves(target)
                ):
                    return True
        return False

    def _reseeds(self, value: cst.BaseExpression | None, function: FunctionInfo) -> bool:
        """`PRNGKey(seed)` with a seed its method is given (`set_seed(self, seed)`): the caller
        restarts the object's stream, and the draws between two such calls repeat. Not a seed
        written there (unittest's `setUp` makes `PRNGKey(42)` before each test: set-up by
        another name)."""
        if type(value) is not cst.Call or random_constructor(self.facts, value, function) is None:  # type: ignore[arg-type]
            return False
        read = {name for arg in value.args for name in names_read(arg.value)}  # type: ignore[attr-defined]
        return bool(read) and read <= {p.name for p in function.params[1:]}

    def _note_selected_fields(self, call: cst.Call, scope: Scope) -> None:
        """`eqx.tree_at(lambda m: m.key, model, new_key)` replaces the fields its lambda reads."""
        selector = call.args[0].value if call.args else None
        if type(selector) is not cst.Lambda:
            return
        name = self.facts.qualified_name(call.func, scope)
        if name is not None and names.canonical(name) in names.FIELD_SELECTING_REPLACERS:
            self._rebound_attributes.update(
                (None, node.attr.value) for node in descendants(selector.body) if type(node) is cst.Attribute  # type: ignore[attr-defined]
            )

    def _library_call(self, call: cst.Call, scope: Scope) -> bool:
        """A call of a library's function or class (`eqx.nn.Linear(3, 4, key=k)`), which builds
        nothing of the checked code: its keywords replace no field (`dataclasses.replace` does)."""
        name = self.facts.qualified_name(call.func, scope)
        foreign = self.facts.foreign
        project = foreign is not None and name is not None and foreign.project.is_project_name(name)
        return name is not None and "." in name and not project and names.canonical(name) not in names.FIELD_REPLACING_CALLS

    def _record(self, walk: Walk | None, seen: set[cst.CSTNode]) -> None:
        if walk is not None:
            self.ignored.extend(walk.ignored)
            self.deleted.extend(walk.deleted)
        for reuse in walk.reuses if walk is not None else ():
            if reuse.second.call not in seen:
                seen.add(reuse.second.call)
                self.reuses.append(reuse)

    def _may_reuse(self, function: FunctionInfo) -> bool:
        """Whether a walk of ``function`` can find a reuse: it consumes keys twice, in a loop,
        through a same-module function, or runs many times under a repeating transform; or
        whether it can find a key parameter ignored. A function with one straight-line draw is
        walked only when a caller needs its summary, or when it never reads a key parameter."""
        direct = self._direct.get(function, [])
        return (
            len(direct) > 1 or any(site.loops for site in direct) or function in self._calls_relevant
            or repeating_origin(self, function)[0] is not None or bool(unread_key_parameters(self.facts, function))
            or bool(filled_in_key_parameters(self.facts, function))
        )

    def _relevant_functions(self) -> set[FunctionInfo | None] | None:
        """Functions (None: the module body) that call a key consumer, directly or through a
        same-module function; None when the module consumes no key at all."""
        facts = self.facts
        self._direct: dict[FunctionInfo | None, list[Site]] = {}
        calls = facts.sites(cst.Call)
        for site in calls:
            if consumes_a_key(facts, site.node, site.scope):  # type: ignore[arg-type]
                self._direct.setdefault(site.scope.enclosing_function, []).append(site)
        self._calls_relevant: set[FunctionInfo | None] = set()
        self._foreign_consumers: dict[FunctionInfo, bool] = {}
        callees = []  # (caller, functions the call may run), resolved once
        consuming_elsewhere: set[FunctionInfo] = set()
        for site in calls:
            call = site.node
            found = callees_of(facts, call, site.scope)  # type: ignore[arg-type]
            if not found:
                passed = self.parameter_callee(call, site.scope)  # type: ignore[arg-type]
                found = [passed] if passed is not None else []
            target = runner_target(facts, call, site.scope)  # type: ignore[arg-type]
            if target is not None:  # `threading.Thread(target=worker, ...)` runs `worker`
                found = found + facts.staging.functions_of(target, site.scope)
            for body, _ in carry.body_calls(facts.staging, call, site.scope):  # type: ignore[arg-type]
                bodies = body_functions(facts, body, site.scope)  # `lax.cond(p, f, g, key)` runs `f`
                found = found + bodies
                self._note_partial_body(call, body, bodies, site.scope)  # type: ignore[arg-type]
            found = found + self._note_leaf_map(call, site.scope)  # type: ignore[arg-type]  # a tree map runs it too
            if found:
                functions = {function for function, _ in found}
                callees.append((site.scope.enclosing_function, functions))
                consuming_elsewhere.update(f for f in functions if self._consumes_elsewhere(f))
        if not self._direct and not consuming_elsewhere:
            return None
        relevant: set[FunctionInfo | None] = set(self._direct) | consuming_elsewhere
        for _ in range(4):
            added = {caller for caller, functions in callees if caller not in relevant and functions & relevant}
            if not added:
                break
            relevant |= added
        self._calls_relevant = {caller for caller, functions in callees if functions & relevant}
        return relevant

    def _note_partial_body(
        self, call: cst.Call, body: cst.BaseExpression, bodies: list[tuple[FunctionInfo, int | None]], scope: Scope,
    ) -> None:
        """A lax loop's body held by a name bound to a `partial` (see ``body_functions``), which
        the tracings of the staging analysis leave out: it runs once per iteration too."""
        application = self.facts.staging.application(call, scope)
        if application is None or application.transform.name not in names.LOOP_BODY_TRANSFORMS:
            return
        if self.facts.staging.functions_of(body, scope):
            return  # traced: the staging analysis knows it
        for function, _ in bodies:
            self.partial_bodies.setdefault(function, (call, application.transform.name))
            self._partial_body_bound.setdefault(function, (body, scope))

    def parameter_callee(self, call: cst.Call, scope: Scope) -> tuple[FunctionInfo, int] | None:
        """What a call of a parameter handing it a key (`step_fn(key)`, of this function or one
        it is defined in) runs: see `parameter_function`."""
        func = call.func
        if type(func) is not cst.Name or not (
            any(names.is_key_name((dotted_name(arg.value) or "").rpartition(".")[2]) for arg in call.args)
            or hands_keys(self.facts, call, scope)
        ):
            return None
        held = self.facts.resolver.lookup(func.value, scope)  # type: ignore[attr-defined]
        if held is None or not isinstance(held[0], FunctionInfo) or not all(b.kind == "param" for b in held[1]):
            return None
        return self.parameter_function(held[0], func.value)  # type: ignore[attr-defined]

    def parameter_function(
        self, function: FunctionInfo, name: str, _depth: int = 0,
    ) -> tuple[FunctionInfo, int] | None:
        """The one function of the checked code that every call of ``function`` in this module
        passes for its parameter ``name`` (`unroll(key, step)`, or a `partial(unroll,
        step_fn=step)`; a caller's own parameter passed on is what its callers pass), with how
        many of its leading parameters are bound: a call `step_fn(key)` in ``function`` runs it,
        and consumes what it consumes. None when a call passes something else, or nothing (its
        default), or the calls pass different functions."""
        memo = self._parameter_functions
        if (function, name) in memo:
            return memo[(function, name)]
        memo[(function, name)] = None  # recursion: unknown
        found: set[tuple[FunctionInfo, int]] = set()
        passed = self._passed_for(function, name)
        for expression, scope in passed:
            resolved = [(f, o) for f, o in self.facts.staging.functions_of(expression, scope) if o is not None]
            if not resolved and type(expression) is cst.Name and _depth < 3:
                caller = self.facts.resolver.lookup(expression.value, scope)  # type: ignore[attr-defined]
                if caller is not None and isinstance(caller[0], FunctionInfo) and all(b.kind == "param" for b in caller[1]):
                    outer = self.parameter_function(caller[0], expression.value, _depth + 1)  # type: ignore[attr-defined]
                    resolved = [outer] if outer is not None else []
            if len(resolved) != 1:
                return None
            found.add(resolved[0])  # type: ignore[arg-type]
        memo[(function, name)] = found.pop() if len(found) == 1 else None
        return memo[(function, name)]

    def _passed_for(self, function: FunctionInfo, name: str) -> list[tuple[cst.BaseExpression, Scope]]:
        """What each call of ``function`` in this module, and each `partial` of it, passes for
        its parameter ``name``; a call passing nothing there gives the parameter's default, and
        no expression (an empty list is returned then, as for a function nobody calls)."""
        staging = self.facts.staging
        calls = [(site.node, site.scope) for site in self.facts.frequency.call_sites(function)]
        calls += self._partials_of(function)
        project = self.facts.resolver.project
        if project is not None and function.parent is not None and function.parent.kind == "module":
            elsewhere = project.calls_elsewhere(function.name, importing_this=True)
            partials = project.calls_elsewhere("partial", importing_this=True)
            if elsewhere is None or partials is None:
                return []  # called from too many modules to know them all
            calls += [(site.node, site.scope) for site in elsewhere]  # type: ignore[misc]
            calls += [
                (site.node.with_changes(args=site.node.args[1:]), site.scope)  # type: ignore[attr-defined]
                for site in partials
                if site.node.args and dotted_name(site.node.args[0].value) == function.name  # type: ignore[attr-defined]
            ]
        passed = []
        for call, scope in calls:
            offsets = [o for f, o in staging.functions_of(call.func, scope) if f is function and o is not None]
            expression = bind_call(call, function, offsets[0] if offsets else 0).by_name.get(name)
            if expression is None:
                return []
            passed.append((expression, scope))
        return passed

    def _partials_of(self, function: FunctionInfo) -> list[tuple[cst.Call, Scope]]:
        """The `partial(function, ...)` calls of this module, each as the call of ``function``
        with what the partial binds (`partial(f, x, key=k)` as `f(x, key=k)`)."""
        if self._partials is None:
            self._partials = [
                site for site in self.facts.sites(cst.Call)
                if site.node.args and self.facts.qualified_name(site.node.func, site.scope) in names.PARTIAL  # type: ignore[attr-defined]
            ]
        return [
            (site.node.with_changes(args=site.node.args[1:]), site.scope)  # type: ignore[attr-defined]
            for site in self._partials
            if any(f is function for f, _ in self.facts.staging.functions_of(site.node.args[0].value, site.scope))  # type: ignore[attr-defined]
        ]

    def partial_argument(self, function: FunctionInfo, name: str, mapping: cst.CSTNode) -> cst.BaseExpression | None:
        """What the `partial` of ``function`` that ``mapping`` applies binds to its parameter
        ``name`` (`key` of `partial(generate_unroll, ..., key=key)`): where, among the other
        settings the partial binds, a key given whole to every element is chosen. The one partial
        of the module binding it, or of several the one in the function that applies the mapping;
        None when that does not tell one, or when the key is all it binds (`partial(add_noise,
        key)`: the partial and the mapping are one step, and the mapping is where it is reported)."""
        bound = [
            (expression, scope) for call, scope in self._partials_of(function)
            if (expression := bind_call(call, function).by_name.get(name)) is not None and len(call.args) > 1
        ]
        if len(bound) > 1:
            bound = [
                (expression, scope) for expression, scope in bound
                if (around := scope.enclosing_function) is not None and any(n is mapping for n in descendants(around.node))
            ]
        return bound[0][0] if len(bound) == 1 else None

    def applied_call(self, application: cst.CSTNode) -> cst.Call | None:
        """The call that applies what ``application`` made right away (`jax.vmap(f)(xs)` for
        `jax.vmap(f)`), in this module."""
        if self._applied is None:
            self._applied = {
                id(site.node.func): site.node for site in self.facts.sites(cst.Call)  # type: ignore[attr-defined, misc]
                if type(site.node.func) is cst.Call  # type: ignore[attr-defined]
            }
        return self._applied.get(id(application))

    def partial_body_bound(self, function: FunctionInfo) -> frozenset[str]:
        """The parameters of ``function`` that the `partial` a lax loop runs as its body binds
        (see `_note_partial_body`): the same on every iteration."""
        found = self._partial_body_bound.get(function)
        if found is None:
            return frozenset()
        body, scope = found
        resolved = self.facts.resolver.lookup(body.value, scope)  # type: ignore[attr-defined]
        made = resolved[1][0].node if resolved is not None and len(resolved[1]) == 1 else None
        return self.facts.staging.partial_bound(made, function, resolved[0]) if made is not None else frozenset()  # type: ignore[index, arg-type]

    def _note_leaf_map(self, call: cst.Call, scope: Scope) -> list[tuple[FunctionInfo, int | None]]:
        """The functions a tree map (`jax.tree_map(f, tree)`) runs on every leaf, noted as such."""
        func = call.func
        short = func.attr.value if type(func) is cst.Attribute else func.value if type(func) is cst.Name else None  # type: ignore[attr-defined]
        if short not in ("tree_map", "map") or not call.args or call.args[0].keyword is not None:
            return []
        name = self.facts.qualified_name(func, scope)
        name = names.canonical(name) if name else None
        if name not in names.TREE_MAPS:
            return []
        found = self.facts.staging.functions_of(call.args[0].value, scope)
        for function, _ in found:
            self.leaf_maps.setdefault(function, (call, name))  # type: ignore[arg-type]
        return found

    def _consumes_elsewhere(self, function: FunctionInfo, depth: int = 0) -> bool:
        """Whether ``function``, of another module of the project, calls a key consumer, itself
        or through the functions it calls (a few calls deep): its summary is worth working out."""
        foreign = self.facts.foreign
        if foreign is None or depth > 3 or foreign.module_name(function) is None:
            return False
        found = self._foreign_consumers.get(function)
        if found is None:
            self._foreign_consumers[function] = False  # recursion
            calls = foreign.sites_in(function, cst.Call)
            found = any(consumes_a_key(self.facts, site.node, site.scope) for site in calls) or any(  # type: ignore[arg-type]
                self._consumes_elsewhere(callee, depth + 1)
                for site in calls
                for callee, _ in callees_of(self.facts, site.node, site.scope)  # type: ignore[arg-type]
            )
            self._foreign_consumers[function] = found
        return found



def _marks_itself_spent(method: FunctionInfo) -> bool:
    """Whether ``method`` sets a flag of its object (`self._used = True`) that it, or a method of
    the class it calls on its object, tests before raising (`if self._used: raise ...`): the
    object is used once, and a second call raises instead of drawing the same numbers again
    (alphafold's `SafeKey.split` and `.get`)."""
    owner, receiver = method.owner_class, method.params[0].name if method.params else None
    if owner is None or receiver is None or not isinstance(method.node, cst.FunctionDef):
        return False
    flags = {
        target.target.attr.value
        for node in descendants(method.node) if isinstance(node, cst.Assign)
        and isinstance(node.value, cst.Name) and node.value.value == "True"
        for target in node.targets
        if isinstance(target.target, cst.Attribute) and isinstance(target.target.value, cst.Name) and target.target.value.value == receiver
    }
    if not flags:
        return False
    bodies = [method]
    for node in descendants(method.node):
        if (
            isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name)
            and node.func.value.value == receiver and node.func.attr.value in owner.methods
        ):
            bodies.append(owner.methods[node.func.attr.value])
    return any(_raises_when_flagged(body, flags) for body in bodies)


def _raises_when_flagged(function: FunctionInfo, flags: set[str]) -> bool:
    receiver = function.params[0].name if function.params else None
    for node in descendants(function.node):
        if (
            isinstance(node, cst.If) and isinstance(node.test, cst.Attribute) and isinstance(node.test.value, cst.Name)
            and node.test.value.value == receiver and node.test.attr.value in flags
            and any(isinstance(inner, cst.Raise) for inner in descendants(node.body))
        ):
            return True
    return False
