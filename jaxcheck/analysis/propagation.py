"""Traced-value environments: which names hold traced values in each traced function.

Starting from how each function is traced (its parameters' values), every traced body is
evaluated to a fixpoint; calls from a traced body to same-module helpers trace those helpers
too, with parameter values joined over the call sites, and the helper's return value flows back
to the caller. Calling a transformed function (`jax.value_and_grad(f)(p)`) with traced
arguments gives traced results. Parameters are refined by use (see :mod:`.refinement`).
Each function's environment is flow-insensitive (a name assigned both a static and a traced
value is UNKNOWN, and unknown never triggers a finding); reads of local names then get the
value they have at their point of the body from :mod:`.flow`.
"""

from __future__ import annotations

from collections import defaultdict

import libcst as cst

from .. import names

from .annotations import annotation_kind
from .binding import bind_call
from .collect import Site
from .dataflow import Evaluator, Value, augmented_value, join
from .flow import FlowPass
from .objects import CustomRule, ObjectModel
from .refinement import scalar_uses
from .scopes import FunctionInfo, Param, Resolver, Scope
from .staging import StagingAnalysis, Tracing

_MAX_ROUNDS = 8
_USE_SITES = (cst.BinaryOperation, cst.BooleanOperation, cst.Comparison)


class TracedValues:
    def __init__(
        self,
        functions: list[FunctionInfo],
        tracings: dict[FunctionInfo, list[Tracing]],
        resolver: Resolver,
        staging: StagingAnalysis,
        index: dict[type, list[Site]],
        call_site_arguments: dict[FunctionInfo, dict[str, Value]],
        objects: ObjectModel,
        custom_rules: dict[FunctionInfo, list[CustomRule]],
    ) -> None:
        self.functions = functions
        self.tracings = tracings  # helpers reached from traced bodies are added here
        self.resolver = resolver
        self.staging = staging
        self.envs: dict[FunctionInfo, dict[str, Value]] = {}
        self._incoming: dict[FunctionInfo, dict[str, Value]] = {}
        self._returns: dict[FunctionInfo, Value] = {}
        # Per traced function: reads of free names and `self.<attribute>` (see flow.py).
        self.outer_reads: dict[FunctionInfo, list[cst.BaseExpression]] = {}
        self._callers: dict[FunctionInfo, set[FunctionInfo]] = defaultdict(set)
        self._call_site_arguments = call_site_arguments
        self._use_sites: dict[Scope, list[Site]] = defaultdict(list)  # by scope: linear in the file
        for kind in _USE_SITES:
            for site in index.get(kind, ()):
                self._use_sites[site.scope].append(site)
        self.objects = objects
        self._stale: set[FunctionInfo] = set()
        self.custom_rules = custom_rules
        self.evaluator = Evaluator(
            resolver, self.lookup, self._call_result, {}, objects.field_value, objects.pytree_field
        )

    def _final(self, node: cst.BaseExpression, scope: Scope) -> Value:
        value = self.evaluator.value(node, scope)
        return Value.UNKNOWN if value is Value.BOTTOM else value

    def run(self) -> None:
        """Evaluate every traced function, following helpers until nothing changes."""
        # This module's traced functions, and other modules' ones it traces itself
        # (`jax.jit(helpers.step)`, a function an imported factory returns)
        pending = [f for f in self.functions if self.is_traced(f)]
        own = set(self.functions)
        pending += [f for f in self.tracings if f not in own and self.is_traced(f)]
        queued = set(pending)
        rounds: dict[FunctionInfo, int] = defaultdict(int)
        while pending:
            function = pending.pop(0)
            queued.discard(function)
            rounds[function] += 1
            if rounds[function] > _MAX_ROUNDS:
                continue
            self.envs[function] = self._evaluate(function)
            changed = self._propagate_calls(function)
            returned = self._return_value(function)
            if returned != self._returns.get(function):
                self._returns[function] = returned
                changed.extend(self._callers[function])
            for other in changed:
                if other not in queued:
                    pending.append(other)
                    queued.add(other)

    def is_traced(self, function: FunctionInfo) -> bool:
        return any(t.staged or t.abstract for t in self.tracings.get(function, ()))

    def _initial_params(self, function: FunctionInfo) -> dict[str, Value]:
        values: dict[str, Value] = {}
        for tracing in self.tracings.get(function, ()):
            if not tracing.abstract or tracing.via is not None:
                continue
            for param in function.params:
                value = self._param_value(function, param, tracing)
                values[param.name] = join(values.get(param.name, Value.BOTTOM), value)
        for name, value in self._incoming.get(function, {}).items():
            values[name] = join(values.get(name, Value.BOTTOM), value)
        for param in function.params:
            values.setdefault(param.name, Value.UNKNOWN)
        return values

    def _param_value(self, function: FunctionInfo, param: Param, tracing: Tracing) -> Value:
        """What a parameter holds while ``tracing`` traces ``function``."""
        if tracing.static_params is None or tracing.transform.params == "none":
            return Value.UNKNOWN  # `params="none"`: the transform closes over the arguments
        if param.name in tracing.static_params:
            return Value.STATIC
        if param.name in tracing.param_values:
            return tracing.param_values[param.name]
        if function.method_kind in ("instance", "class") and param.position == 0:
            return Value.UNKNOWN
        kind = annotation_kind(param.annotation, function.parent, self.resolver)
        if kind == "static":
            return Value.STATIC
        if tracing.transform.params == "annotated-arrays":
            # equinox traces arrays only: any other argument reaches the body as it was passed.
            return {"array": Value.ARRAY, "scalar": Value.STATIC}.get(kind, Value.UNKNOWN)
        passed = self._call_site_arguments.get(function, {}).get(param.name)
        if param.default is not None and passed is None:
            return Value.UNKNOWN  # a caller that leaves it out passes the concrete default
        if passed in (Value.ARRAY, Value.STATIC):
            return passed  # every call of the jitted callable passes numbers, or `None`
        if param.kind in ("var_positional", "var_keyword"):
            return Value.TREE
        return Value.ARRAY if kind in ("array", "scalar") else Value.TREE

    def _evaluate(self, function: FunctionInfo) -> dict[str, Value]:
        params = self._initial_params(function)
        env = self._fixpoint(function, params)
        uses = scalar_uses(
            self._use_sites.get(function, ()), function, lambda node: self.evaluator.value(node, function)
        )
        refined = {name for name in uses if params.get(name) is Value.TREE}
        if refined:
            params.update(dict.fromkeys(refined, Value.ARRAY))
            env = self._fixpoint(function, params)
        self.outer_reads[function] = []
        FlowPass(
            function, self.evaluator, self.evaluator.node_values, self._element_value, uses,
            self.outer_reads[function],
        ).run(params)
        return env

    def _fixpoint(self, function: FunctionInfo, params: dict[str, Value]) -> dict[str, Value]:
        env: dict[str, Value] = dict(params)
        self.envs[function] = env
        for _ in range(_MAX_ROUNDS):
            new_env = dict(params)
            for target, value in function.assignments:
                if value is None:
                    assigned = Value.UNKNOWN
                elif isinstance(value, cst.AugAssign):
                    assigned = augmented_value(self.evaluator, value, function)
                elif isinstance(value, cst.BaseExpression):
                    assigned = self.evaluator.value(value, function)
                else:
                    assigned = Value.UNKNOWN
                _assign(new_env, target, value, assigned, self.evaluator, function)
            for target, iterable in function.loop_targets:
                _assign(new_env, target, None, self._element_value(iterable, function), self.evaluator, function)
            if new_env == env:
                break
            env = new_env
            self.envs[function] = env
        return env

    def _element_value(self, iterable: cst.BaseExpression, scope: Scope) -> Value:
        """The value of each element when iterating over ``iterable``."""
        if isinstance(iterable, cst.Call):
            qualified = self.resolver.qualified_name(iterable.func, scope)
            if qualified == "range":
                args = [self._final(a.value, scope) for a in iterable.args]
                return Value.STATIC if all(v is Value.STATIC for v in args) else Value.UNKNOWN
            if qualified in ("enumerate", "zip"):
                return Value.UNKNOWN
        iterated = self.evaluator.value(iterable, scope)
        return iterated if iterated in (Value.ARRAY, Value.TREE, Value.STATIC, Value.BOTTOM) else Value.UNKNOWN

    def lookup(self, name: str, scope: Scope) -> Value:
        """The value of ``name`` as seen from ``scope`` (BOTTOM while still being computed)."""
        found = self.resolver.lookup(name, scope)
        if found is None:
            return Value.STATIC  # a builtin
        binding_scope = found[0]
        if not isinstance(binding_scope, FunctionInfo):
            return Value.STATIC  # module and class level values are concrete at trace time
        env = self.envs.get(binding_scope)
        if env is None:
            return Value.UNKNOWN if self.is_traced(binding_scope) else Value.STATIC
        return env.get(name, Value.BOTTOM)

    def _return_value(self, function: FunctionInfo) -> Value:
        if not function.returns:
            return Value.STATIC  # returns None
        value = Value.BOTTOM
        for returned in function.returns:
            value = join(value, self.evaluator.value(returned, function))
        return value

    def _call_result(self, call: cst.Call, scope: Scope, args: list[Value]) -> Value | None:
        """What a call in a traced body returns, when it calls code of this module or the
        result of a transformation; None when it is neither."""
        caller = scope.enclosing_function
        if caller is None or caller not in self.envs:
            return None
        func = call.func
        if isinstance(func, cst.Call):
            application = self.staging.application(func, scope)
            if application is not None and application.functions and any(v.traced for v in args):
                return Value.TREE  # `jax.value_and_grad(f)(params)`: traced outputs
            return None
        if not isinstance(func, (cst.Name, cst.Attribute)):
            return None
        callees = [f for f, offset in self.staging.functions_of(func, scope) if offset is not None]
        if not callees:
            return None
        value = Value.BOTTOM
        for callee in callees:
            self._callers[callee].add(caller)
            value = join(value, self._returns.get(callee, Value.BOTTOM))
        return value

    def _propagate_calls(self, caller: FunctionInfo) -> list[FunctionInfo]:
        """Code of this module that a traced body runs is traced too: helpers it calls, the
        constructors of classes it instantiates, the jvp/vjp rules of a custom-derivative
        function. Returns the functions whose inputs changed."""
        changed = []
        caller_tracings = self.tracings[caller]
        staged = any(t.staged for t in caller_tracings)
        abstract = any(t.abstract for t in caller_tracings)
        if self.objects.record_assignments(caller, lambda node: self._final(node, caller)) and caller.owner_class:
            self._stale.update(m for m in caller.owner_class.methods.values() if m in self.envs and m is not caller)
        for callee, origin, arguments in self._reached(caller):
            is_new = not any(t.via is caller for t in self.tracings[callee])
            if is_new:
                self.tracings[callee].append(
                    Tracing(caller_tracings[0].transform, origin, staged, abstract, frozenset(), via=caller)
                )
            incoming = self._incoming.setdefault(callee, {})
            before = dict(incoming)
            for name, value in arguments.items():
                incoming[name] = join(incoming.get(name, Value.BOTTOM), value)
            if is_new or incoming != before:
                changed.append(callee)
        changed.extend(self._stale)  # methods reading fields that a construction just set
        self._stale.clear()
        return changed

    def _reached(self, caller: FunctionInfo):
        """(function, the node that runs it, its argument values) for each function of this
        module that running ``caller``'s body runs."""
        for call in caller.calls:
            if isinstance(call.func, cst.Call):
                # `jax.vmap(f)(x)`, `jax.value_and_grad(loss)(p)`: `f` runs inside this trace.
                application = self.staging.application(call.func, caller)
                for expression in application.functions if application is not None else ():
                    for callee, offset in self.staging.functions_of(expression, caller):
                        if callee is not caller:
                            arguments = (
                                self._argument_values(call, callee, caller, offset) if offset is not None
                                else {p.name: Value.UNKNOWN for p in callee.params}
                            )
                            yield callee, call, arguments
                continue
            if not isinstance(call.func, (cst.Name, cst.Attribute)):
                continue
            # `model.apply(v, x, method=...)` runs another method than `__call__`.
            other_method = any(a.keyword is not None and a.keyword.value == "method" for a in call.args)
            for callee, offset in () if other_method else self.staging.functions_of(call.func, caller):
                if callee is not caller and offset is not None and not self._built_here(call.func, callee, caller):
                    yield callee, call, self._argument_values(call, callee, caller, offset)
            owner = self.objects.class_called(call.func, caller)
            if owner is not None:
                values = [self._final(arg.value, caller) for arg in call.args]
                if self.objects.record_construction(owner, call, values):
                    self._stale.update(m for m in owner.methods.values() if m in self.envs)
                for constructor in self.objects.constructors(owner):
                    yield constructor, call, self._argument_values(call, constructor, caller, 1)
        for rule in self.custom_rules.get(caller, ()):
            yield rule.function, rule.function.node, self._rule_arguments(caller, rule)

    def _rule_arguments(self, function: FunctionInfo, rule: CustomRule) -> dict[str, Value]:
        """A differentiation rule's inputs: the function's non-differentiable arguments as the
        function received them, the rest traced like the function's primals."""
        static = set().union(*(
            t.static_params or () for t in self.tracings[function] if t.transform.name in names.CUSTOM_DERIVATIVES
        ))
        nondiff = [p for p in function.positional_params() if p.name in static]
        incoming = self._incoming.get(function, {})
        params = rule.function.params
        if rule.leading_nondiff:
            passed = {rule_param.name: p.name for rule_param, p in zip(params, nondiff)}
        elif rule.leading_nondiff is False:
            passed = {p.name: p.name for p in nondiff if rule.function.param(p.name) is not None}
        else:
            passed = {}
        return {
            p.name: incoming.get(passed[p.name], Value.STATIC) if p.name in passed else Value.TREE for p in params
        }

    def _built_here(self, func: cst.BaseExpression, callee: FunctionInfo, caller: FunctionInfo) -> bool:
        """`gen = JaxRNG(rng)` then `gen()` in a traced body: the object lives only in this trace,
        so its `__call__` changing `self` is no hazard (and is not followed)."""
        if callee.name != "__call__" or not isinstance(func, cst.Name):
            return False
        found = self.resolver.lookup(func.value, caller)
        return bool(found) and found[0] is caller and all(
            b.kind == "assign" and isinstance(b.node, cst.Call) and self.objects.class_called(b.node.func, caller)
            for b in found[1]
        )

    def _argument_values(
        self, call: cst.Call, callee: FunctionInfo, caller: FunctionInfo, offset: int
    ) -> dict[str, Value]:
        bound = bind_call(call, callee, offset)
        if not bound.complete:
            return {p.name: Value.UNKNOWN for p in callee.params}
        values = {
            param.name: self.evaluator.value(value, caller)
            for param, value in bound.pairs
            if not (callee.method_kind == "instance" and param.position == 0)  # `self` is no value
        }
        for param in callee.params:
            if param.name not in values and param.default is not None:
                values[param.name] = Value.STATIC
        return values


def _assign(env: dict, target, value, assigned: Value, evaluator: Evaluator, scope: Scope) -> None:
    if isinstance(target, cst.Name):
        env[target.value] = join(env.get(target.value, Value.BOTTOM), assigned)
    elif isinstance(target, (cst.Tuple, cst.List)):
        elements = [e.value for e in target.elements]
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(elements):
            for element, source in zip(elements, value.elements):
                _assign(env, element, source.value, evaluator.value(source.value, scope), evaluator, scope)
            return
        per_element = assigned if assigned in (Value.ARRAY, Value.TREE, Value.BOTTOM) else Value.UNKNOWN
        if assigned is Value.STATIC:
            per_element = Value.STATIC
        for element in elements:
            _assign(env, element, None, per_element, evaluator, scope)
    elif isinstance(target, cst.StarredElement):
        _assign(env, target.value, None, Value.UNKNOWN, evaluator, scope)
