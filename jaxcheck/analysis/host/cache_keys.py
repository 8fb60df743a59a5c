"""The cache key of each host-side call of a jitted callable, and what makes it vary.

jit looks a call up in its compilation cache by the function object, the static arguments (by
hash and `==`), and the shapes, dtypes and weak types of the other arguments, with the tree
structure of the pytrees they form (a callable pytree's function is part of that treedef).
Whatever changes one of those between calls compiles again (measured on jax 0.10.2, see
bench/measure_static_values.py, bench/measure_callable_pytrees.py,
bench/measure_library_callable_keys.py and bench/measure_dtype_keys.py). This module binds each
host-side call of a jitted callable to the parameters its key reads (:class:`JittedCall`, read
as ``facts.jitted_calls`` by the recompilation rules), and decides, as events, which part of
the key changes between calls and why:

- :class:`IdentityKey`: a part compared by identity and built anew (a new lambda, partial,
  nested `def`, optax transformation or instance of a class without value equality at a static
  position, also of a library function that jits itself; a new function in the treedef of a
  traced argument) — JAX405;
- :class:`StaticVariation`: a static value that counts through a loop around the call — JAX403;
- :class:`DtypeChange`: a traced argument whose dtype or weak type differs from another call's
  — JAX406;
- shapes that change between the iterations of a loop around the call (JAX404) are
  :class:`~jaxcheck.analysis.host.shape_keys.ShapeVariation`, in shape_keys.py;

and key_variations.py gathers the static, shape and dtype parts into the one list the rules
read (``facts.key_variations``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

import libcst as cst

from ... import names
from ...positions import node_spans
from ..syntax.binding import bind_call
from ..syntax.collect import Site
from ..syntax.scopes import ClassInfo, FunctionInfo, Param, Scope
from ..transforms.argspec import static_params_of
from ..transforms.staging import JitSite
from ..syntax.walk import attributes_of, descendants, names_read
from ..values import MixedNumber, array_kind
from .dtypes import Kind
from .hashing import Hashing, filter_jit_keying, hashing_of, treedef_function
from .loops import (
    arguments_by_parameter, assignment_sites_by_loop, calls_in_repeating_loops, names_assigned_from, parameters_read, repeating_loops,
    repeating_varying_names, takes_few_values, takes_few_values_in_loops,
)
from .sweeps import distinct_numbers, swept_numbers

if TYPE_CHECKING:
    from ..facts import Callee, ModuleFacts

# Transforms whose cache behaves as `jax.jit`'s (checked for jit and pmap in tests/evidence).
CACHED_TRANSFORMS = frozenset(
    {"jax.jit", "jax.pmap", "jax.pjit", "jax.experimental.pjit.pjit", "equinox.filter_jit", "flax.nnx.jit"}
)

def is_cached_jit(site: JitSite) -> bool:
    return site.application.transform.name in CACHED_TRANSFORMS


def in_host_code(facts: ModuleFacts, site: Site) -> bool:
    return facts.traced_context(site.scope) is None


# -- calls of jitted callables ------------------------------------------------------------


@dataclass(frozen=True)
class JittedCall:
    """A host-side call of a jitted callable of this module, with its arguments bound."""

    site: Site
    callee: Callee
    arguments: list[tuple[Param, cst.BaseExpression]]  # only those that could be bound
    static: frozenset[str] | None  # static parameter names; None when that cannot be told
    # Of those, the ones no option names: `equinox.filter_jit` keys on every non-array argument.
    filtered: frozenset[str] = frozenset()
    # Containers given to `equinox.filter_jit` with a Python number among their leaves: traced
    # as pytrees, but keyed by the values of those leaves.
    keyed_leaves: frozenset[str] = frozenset()
    # Traced arguments that are callable pytrees over a new function (`jax.vjp`'s pullback):
    # how the cache keys each, and the expression that builds it (see `treedef_function`).
    pytree_functions: Mapping[str, tuple[Hashing, cst.CSTNode]] = field(default_factory=dict)

    @property
    def node(self) -> cst.Call:
        return self.site.node  # type: ignore[return-value]

    @property
    def label(self) -> str:
        return f"`{self.callee.site.bound_name or self.callee.function.qualname}`"


def find_jitted_calls(facts: ModuleFacts) -> Iterator[JittedCall]:
    """Every host-side call of a callable compiled by `jax.jit` (or pmap/pjit) in this module
    (read it as ``facts.jitted_calls``, computed once)."""
    for site in facts.sites(cst.Call):
        node = site.node
        if not isinstance(node, cst.Call) or not in_host_code(facts, site):
            continue
        callee = (
            facts.jitted_callee(node, site.scope) or _differentiated(facts, node, site.scope)
            or passed_jitted_callee(facts, node, site.scope) or facts.held_jitted_callee(node.func)
        )
        if callee is None or not is_cached_jit(callee.site):
            continue
        callee = _past_partial(facts, callee, site.scope)
        if callee is None:
            continue
        arguments = bind_arguments(node, callee)
        static = _static_params(callee)
        functions = {
            param.name: keyed for param, argument in arguments
            if param.name not in (static or ()) and (keyed := treedef_function(facts, argument, site.scope)) is not None
        }
        filtered: frozenset[str] = frozenset()
        if static is not None and filters_arrays(callee):
            # `equinox.filter_jit` traces arrays only: a Python number, a callable or an object
            # is part of the cache key, and so are the Python numbers inside a container.
            keying = {p.name: filter_jit_keying(facts, a, site.scope) for p, a in arguments if p.name not in static}
            filtered = frozenset(name for name, keyed in keying.items() if keyed == "value")
            keyed_leaves = frozenset(name for name, keyed in keying.items() if keyed == "leaves")
            yield JittedCall(site, callee, arguments, static | filtered, filtered, keyed_leaves, functions)
            continue
        yield JittedCall(site, callee, arguments, static, filtered, pytree_functions=functions)


def _differentiated(facts: ModuleFacts, call: cst.Call, scope: Scope) -> Callee | None:
    """The jitted callable that `jax.grad(step)(params, batch)` runs with the call's arguments."""
    if not isinstance(call.func, cst.Call):
        return None
    application = facts.staging.application(call.func, scope)
    if (
        application is None or application.transform.name not in names.ARGUMENT_PRESERVING_TRANSFORMS
        or len(application.functions) != 1
    ):
        return None
    # The call `step(params, batch)` that the transform makes.
    return facts.jitted_callee(cst.Call(func=application.functions[0], args=call.args), scope) or facts.held_jitted_callee(
        application.functions[0]
    )


def _past_partial(facts: ModuleFacts, callee: Callee, scope: Scope) -> Callee | None:
    """``callee`` with the arguments a `functools.partial` it compiles binds first counted past
    (`jax.jit(partial(gpt_f, weights))(tokens)` passes `tokens` to `gpt_f`'s second parameter);
    None where the partial binds by keyword or unpacks, so that positions cannot be told."""
    wrapped = callee.site.application.functions
    if len(wrapped) != 1 or not isinstance(wrapped[0], cst.Call):
        return callee
    made = wrapped[0]
    if facts.qualified_name(made.func, scope) not in names.PARTIAL:
        return callee
    bound = made.args[1:]
    if any(arg.keyword is not None or arg.star for arg in bound):
        return None
    return replace(callee, offset=callee.offset + len(bound))


def passed_jitted_callee(facts: ModuleFacts, call: cst.Call, scope: Scope, _depth: int = 0) -> Callee | None:
    """The jitted callable that a parameter of the function around ``call`` holds on every run
    this module shows: `render_fn(variables, rays)` in `render_image(render_fn, rays)`, which
    every caller (and the default, where one leaves it out) hands the same `jax.jit`-compiled
    function, itself a name or again a parameter so handed on. jit's cache belongs to the
    compiled callable, not to the name that calls it: a parameter holding it compiles as it
    does. None where a caller passes something else, or none is seen."""
    func = call.func
    function = scope.enclosing_function
    if _depth > 3 or not isinstance(func, cst.Name) or function is None:
        return None
    found = facts.resolver.lookup(func.value, scope)
    if found is None or found[0] is not function or any(binding.kind != "param" for binding in found[1]):
        return None
    param = next((p for p in function.params if p.name == func.value), None)
    if param is None or param.kind in ("var_positional", "var_keyword"):
        return None
    sites = facts.frequency.call_sites(function)
    held: set[tuple[int, int]] = set()
    callee: Callee | None = None
    for site in sites:
        if not isinstance(site.node, cst.Call):
            return None
        passed = arguments_by_parameter(site.node, function).get(param.name, param.default)
        if not isinstance(passed, (cst.Name, cst.Call)):  # a name, or `jax.jit(f)` written there
            return None
        probe = cst.Call(func=passed, args=())
        found_callee = facts.jitted_callee(probe, site.scope) or passed_jitted_callee(facts, probe, site.scope, _depth + 1)
        if found_callee is None:
            return None
        held.add((id(found_callee.site), found_callee.offset))
        callee = found_callee
    return callee if len(held) == 1 else None


def filters_arrays(callee: Callee) -> bool:
    """Whether the jitted callable traces the arrays among its arguments and keys its cache on
    everything else (`equinox.filter_jit`)."""
    return callee.site.application.transform.params == "annotated-arrays"


def _static_params(callee: Callee) -> frozenset[str] | None:
    jit_site = callee.site
    function = callee.function
    node = function.node
    decorated = isinstance(node, cst.FunctionDef) and any(
        d.decorator is jit_site.application.node for d in node.decorators
    )
    if function.has_var_positional() and not _numbers_name_parameters(function, jit_site, callee.offset):
        # A number past the named positional parameters, or one counting back from the
        # arguments passed, picks an element of `*args` that no parameter name holds.
        return None
    if function.is_method and not decorated:
        # `jax.jit(self._step, static_argnums=(2,))`: the receiver is bound before jit sees the
        # arguments, so numbers count the arguments passed after it, and names name parameters
        # wherever they sit (measured on jax 0.10.2, bench/measure_identity_statics.py:
        # `jax.jit(h.method, static_argnums=(1,))` on `method(self, x, fn, y)` makes `fn` static).
        if callee.offset != 1 or not jit_site.spec.known:
            return None
        return static_params_of(function, jit_site.spec, offset=1)
    return static_params_of(function, jit_site.spec)


def _numbers_name_parameters(function: FunctionInfo, jit_site: JitSite, offset: int) -> bool:
    """Whether every static number of ``jit_site`` names a positional parameter of ``function``
    that sits before its `*args` (`static_argnums=(0, 3)` on `def f(net, p, x, optim, *args)`):
    jit then keeps those parameters static whatever the call passes after them (measured on
    jax 0.10.2, bench/measure_var_positional_statics.py)."""
    numbers = jit_site.spec.static_argnums
    count = len(function.positional_params()) - offset
    return numbers is not None and all(0 <= number < count for number in numbers)


def bind_arguments(call: cst.Call, callee: Callee) -> list[tuple[Param, cst.BaseExpression]]:
    """The call's arguments by parameter; for a bound method (`model.predict(x)`) the receiver
    is the argument of `self`, which `static_argnums=0` makes static."""
    pairs = bind_call(call, callee.function, callee.offset).pairs
    positional = callee.function.positional_params()
    if callee.offset == 1 and isinstance(call.func, cst.Attribute) and positional:
        pairs.insert(0, (positional[0], call.func.value))
    return pairs


def local_value(facts: ModuleFacts, name: cst.Name, scope: Scope) -> cst.CSTNode | None:
    """The one expression assigned to ``name`` in the function around ``scope``, if single."""
    found = facts.resolver.lookup(name.value, scope)
    if not found or not isinstance(found[0], FunctionInfo) or len(found[1]) != 1:
        return None
    binding = found[1][0]
    return binding.node if binding.kind in ("assign", "alias") else None




# -- keys compared by identity ------------------------------------------------------------

# Why an identity-keyed argument differs from one call to the next:
#   "iteration"  it is built on each iteration of the loop around the call
#   "call"       it is built on each run of the function making the call, which runs again
#   "caller"     it is the `self` of the calling method, and a caller builds that object anew on
#                each of its runs (an agent built per episode, then `agent.act(obs)`)
#   "mutated"    not renewed: the same object, whose attribute the code changes between calls;
#                jit finds the program compiled for it before, and runs it with the old values
Renewal = Literal["iteration", "call", "caller", "mutated"]
# What a finding says follows from each: the validator tells the stale kind by it.
STALE_CONSEQUENCE = "this call runs the program compiled for its old attributes"
RECOMPILE_CONSEQUENCE = "every call compiles again"


@dataclass(frozen=True)
class IdentityKey:
    """A part of a jitted call's cache key that jit compares by identity and that the code
    builds anew between calls, so that each call compiles again: a static argument whose value
    hashes by identity (``part`` "static"), or a traced argument that is a callable pytree over
    a new function, whose treedef holds that function (``part`` "treedef"). The call is one of
    a jitted callable of the checked code, or of a library function that jits itself with the
    functions it is given as static arguments (`jnp.piecewise`, `odeint`: see
    ``names.STATIC_FUNCTION_ARGUMENTS``).

    Measured on jax 0.10.2: three calls with `Config(2)` (a plain class) built per call at a
    static position compile three times, one instance reused once; a `jax.vjp` pullback made on
    each of 3 iterations and passed to a jitted function compiles it 3 times, one reused once;
    a helper's closure at `static_argnums=0` on each of 3 calls 3 times; an agent built per
    episode, 3 episodes of 3 `agent.act` steps jitted with `static_argnums=0`, 3 times;
    `optax.adam(1e-3)` given to an `equinox.filter_jit` step, built per call of a function run
    3 times, 3 times; `jnp.piecewise` given a new lambda on each of 3 calls 3 times."""

    call: cst.Call
    function: str  # the jitted callable, for messages: `` `step` ``, `` `jnp.piecewise` ``
    param: str  # the parameter that takes it
    argument: cst.BaseExpression  # where the call writes it (an element of a list it takes)
    part: Literal["static", "treedef"]
    hashing: Hashing  # how jit compares it, and what it is, for messages
    renewed: Renewal  # why it differs between calls
    # The parameter of the function around the call whose absence builds it: a fallback
    # (`sensor if sensor else (lambda x: x)`), built a line above and named at the call.
    left_out: str | None = None
    element: bool = False  # an element of a list or tuple the call takes

    @property
    def consequence(self) -> str:
        return STALE_CONSEQUENCE if self.renewed == "mutated" else RECOMPILE_CONSEQUENCE

    @property
    def node(self) -> cst.CSTNode:
        """Where a finding goes: the call that compiles again, as for every recompilation (its
        first line, where a call spreads its arguments over several), which the message
        completes with the parameter; fallbacks, which the call only names, are one finding
        per call covering them all. A function among the elements of a list a library call
        takes (`jnp.piecewise`'s `funclist`) is reported where it is written, among the others."""
        return self.argument if self.element else self.call


def find_identity_keys(facts: ModuleFacts) -> list[IdentityKey]:
    """The identity-keyed arguments of host-side jitted calls that are built anew between calls
    (read it as ``facts.identity_keys``).

    A value built on every iteration of the loop around the call always counts. A value built
    once per run of the function making the call counts when that function may run more than
    once (see :meth:`CallFrequency.may_repeat`: not `main`, a test, or a function no checked
    code calls, an entry point as often as not); it needs that function to run repeatedly for
    certain (a call of it in a loop, or in a function that runs repeatedly) where the value is
    usually built once and reused: the instance a jitted method is bound to, an object
    `equinox.filter_jit` keys without declaring it static (an optimizer passed to the step), and
    a function given to a library function that jits itself, which as often runs under the
    jit of a caller of another module, where it compiles once. A function made as the code runs
    (a nested `def`, a factory's closure) counts when the function making it may run more than
    once. A value an enclosing function built is the same object on every call of the inner
    function, and does not count.
    """
    found: list[IdentityKey] = []
    for call in facts.jitted_calls:
        if not call.static and not call.pytree_functions:
            continue
        fallbacks: list[IdentityKey] = []
        for param, argument in call.arguments:
            key = _identity_key(facts, call, param, argument)
            if key is not None and key.left_out is not None:
                fallbacks.append(key)
            elif key is not None:
                found.append(key)
        if fallbacks:
            # One finding per call: each leaves the call compiling again on its own.
            first, others = fallbacks[0], [f"`{key.param}`" for key in fallbacks[1:]]
            if others:
                also = f"{', '.join(others[:-1])} and {others[-1]}" if len(others) > 1 else others[0]
                first = replace(first, hashing=replace(first.hashing, description=f"{first.hashing.description} (and so are {also})"))
            found.append(first)
    for site in facts.sites(cst.Call):
        found += _library_identity_keys(facts, site)
    found += _partials_made_per_pass(facts, {id(key.argument) for key in found})
    found += _mutated_between_calls(facts)
    return found


def _mutated_between_calls(facts: ModuleFacts) -> list[IdentityKey]:
    """The calls that pass, at a static position, an object hashed by identity (an instance of
    a class of the checked code without value equality) that the same function built once and
    changed since an earlier call of the same jitted callable, in an attribute the jitted
    function reads: assigned (`z.val = 6`, `z.n += 1`), or assigned to `self` by a method of
    its class the function calls (`z.refine()`). The object is the same key, so jit runs the
    program compiled for its old attributes (measured on jax 0.10.2,
    bench/measure_identity_statics.py: 1 compile over both calls, the second result stale).
    "Earlier" is in source order, or on an earlier pass of a loop around both that does not
    build the object anew. The receiver of a jitted method (`static_argnums=0` on `self`) is
    left to JAX108, which reports the stale read in the method."""
    candidates: dict[tuple[FunctionInfo, str], list[tuple[JittedCall, Param, cst.Name, ClassInfo, cst.Call]]] = {}
    for call in facts.jitted_calls:
        function = call.site.scope.enclosing_function
        receiver = call.callee.function.positional_params()[:1] if call.callee.offset == 1 else []
        for param, argument in call.arguments:
            if (
                function is None or param.name not in (call.static or ()) or not isinstance(argument, cst.Name)
                or param in receiver or facts.binding_scope(argument.value, call.site.scope) is not function
            ):
                continue
            built = local_value(facts, argument, call.site.scope)
            hashing = hashing_of(facts, built, call.site.scope) if isinstance(built, cst.Call) else None
            owner = facts.staging.class_named(built.func, call.site.scope) if hashing is not None else None  # type: ignore[union-attr]
            if hashing is None or hashing.kind != "identity" or owner is None:
                continue
            candidates.setdefault((function, argument.value), []).append((call, param, argument, owner, built))  # type: ignore[arg-type]
    found: list[IdentityKey] = []
    for (function, name), calls in candidates.items():
        changes = _attribute_changes(facts, function, name, calls[0][3])
        if not changes:
            continue
        spans = node_spans(facts.module, [call.node for call, *_ in calls] + [site.node for site, _ in changes])
        starts = {node: (span.line, span.column) for node, span in spans.items()}
        for call, param, argument, owner, built in calls:
            start = starts[call.node]
            earlier = [other for other, *_ in calls if other.callee.site is call.callee.site and starts[other.node] < start]
            read = _attributes_read(call.callee.function, param.name, owner)
            changed = next((
                site for site, attributes in changes
                if attributes & read and (
                    any(starts[other.node] < starts[site.node] < start for other in earlier)
                    # a pass of the loop around the call changes the object the next pass passes
                    or (call.site.loops and call.site.loops[-1] in site.loops and not _built_in(facts, built, call.site.loops[-1]))
                )
            ), None)
            if changed is None:
                continue
            written = facts.module.code_for_node(changed.node).strip()
            description = f"the `{owner.name}` `{name}`, changed on line {spans[changed.node].line} (`{written[:40]}`)"
            found.append(IdentityKey(
                call.node, call.label, param.name, argument, "static", Hashing("identity", description, owner.name), "mutated",
            ))
    return found


def _self_attributes(method: FunctionInfo | None, assigned: bool) -> set[str]:
    """The attributes of `self` that ``method`` assigns (``assigned``) or reads."""
    if method is None:
        return set()
    if assigned:
        return {
            target.attr.value for target, _ in method.assignments
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self"
        }
    return attributes_of(method.node, "self")


def _attributes_read(function: FunctionInfo, param: str, owner: ClassInfo) -> set[str]:
    """The attributes of the object at ``param`` that ``function`` reads: `param.attr`, and
    `self.attr` in the methods of ``owner`` it calls on it (`param.method(...)`, `param(...)`)."""
    read = attributes_of(function.node, param)
    for node in descendants(function.node):
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == param:
            read |= _self_attributes(owner.methods.get("__call__"), assigned=False)
    return read | {a for m in read & set(owner.methods) for a in _self_attributes(owner.methods[m], assigned=False)}


def _attribute_changes(facts: ModuleFacts, function: FunctionInfo, name: str, owner: ClassInfo) -> list[tuple[Site, set[str]]]:
    """Where ``function`` changes attributes of the object ``name`` holds, with their names: an
    assignment to `name.attr`, or a call of a method of ``owner`` that assigns `self.attr`."""
    changes: list[tuple[Site, set[str]]] = []
    for kind in (cst.Assign, cst.AugAssign):
        for site in facts.sites_in(function, kind) or ():
            targets = [t.target for t in site.node.targets] if isinstance(site.node, cst.Assign) else [site.node.target]  # type: ignore[attr-defined]
            attributes = {
                t.attr.value for t in targets if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == name
            }
            if attributes:
                changes.append((site, attributes))
    for site in facts.sites_in(function, cst.Call) or ():
        func = site.node.func  # type: ignore[attr-defined]
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name:
            attributes = _self_attributes(owner.methods.get(func.attr.value), assigned=True)
            if attributes:
                changes.append((site, attributes))
    return changes


def _partials_made_per_pass(facts: ModuleFacts, reported: set[int]) -> list[IdentityKey]:
    """The partials the interpreter saw made on the same pass of the loop whose call passes them
    at a static position, however they reach it (an attribute of an object a factory builds on
    each pass), also for a jitted callable of another module (see
    ``facts.statics_made_per_iteration``)."""
    params = {id(argument): (param.name, call.label) for call in facts.jitted_calls for param, argument in call.arguments}
    found: list[IdentityKey] = []
    for made in facts.statics_made_per_iteration:
        if id(made.argument) in reported:
            continue
        label = params.get(id(made.argument)) or _written_label(facts, made.call, made.argument)
        if label is None:
            continue
        reported.add(id(made.argument))
        hashing = Hashing("identity", made.description)
        found.append(IdentityKey(made.call, label[1], label[0], made.argument, "static", hashing, "iteration"))
    return found


def _written_label(facts: ModuleFacts, call: cst.Call, argument: cst.BaseExpression) -> tuple[str, str] | None:
    """The parameter (by keyword, or by position) and the callee of a call of a jitted callable
    of another module that passes ``argument``."""
    for index, arg in enumerate(call.args):
        if arg.value is argument:
            return (arg.keyword.value if arg.keyword else f"#{index}"), f"`{facts.module.code_for_node(call.func)}`"
    return None


def _identity_key(facts: ModuleFacts, call: JittedCall, param: Param, argument: cst.BaseExpression) -> IdentityKey | None:
    scope = call.site.scope
    frequency = facts.frequency
    keyed = call.pytree_functions.get(param.name)
    if keyed is not None:
        # A callable pytree over a new function: its treedef is part of the key.
        if facts.binding_scope(argument.value, scope) is not scope.enclosing_function:  # type: ignore[attr-defined]
            return None
        hashing, built = keyed
        loops = repeating_loops(facts, call.site)
        if loops and not _built_in(facts, built, loops[-1]):
            # One per run of the loop around the calls.
            renewed: Renewal | None = "call" if frequency.runs_repeatedly(scope.enclosing_function) else None
        elif loops:
            renewed = "iteration"
        else:
            renewed = "call" if frequency.may_repeat(scope.enclosing_function) else None
        return IdentityKey(call.node, call.label, param.name, argument, "treedef", hashing, renewed) if renewed else None
    if not call.static or param.name not in call.static:
        return None
    receiver = call.callee.offset == 1 and param is call.callee.function.positional_params()[0]
    renewal = _static_renewal(facts, call.site, argument, certain=receiver or param.name in call.filtered)
    if renewal is None:
        return None
    value = local_value(facts, argument, scope) if isinstance(argument, cst.Name) else None
    fallback = _fallback_when_left_out(facts, value, scope)
    left_out = fallback[1] if fallback is not None else None
    return IdentityKey(call.node, call.label, param.name, argument, "static", *renewal, left_out=left_out)


def _library_identity_keys(facts: ModuleFacts, site: Site) -> list[IdentityKey]:
    """The functions a call of a library function that jits itself (`jnp.piecewise`) gives it
    at its static positions that are built anew between calls."""
    call = site.node
    qualified = facts.qualified_name(call.func, site.scope) if isinstance(call, cst.Call) else None
    operands = names.STATIC_FUNCTION_ARGUMENTS.get(names.canonical(qualified)) if qualified else None
    if not operands or not in_host_code(facts, site):
        return []
    assert isinstance(call, cst.Call)
    found: list[IdentityKey] = []
    label = f"`{facts.module.code_for_node(call.func)}`"
    for operand in operands:
        given = _operand(call, operand)
        elements = [e.value for e in given.elements] if isinstance(given, (cst.List, cst.Tuple)) else [given]
        for element in elements:
            renewal = _static_renewal(facts, site, element, certain=True) if element is not None else None
            if renewal is not None:
                found.append(IdentityKey(
                    call, label, operand.keyword or "", element, "static", *renewal, element=element is not given,  # type: ignore[arg-type]
                ))
    return found


def _operand(call: cst.Call, operand: names.Operand) -> cst.BaseExpression | None:
    """The argument ``call`` passes at ``operand``'s keyword or position."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == operand.keyword:
            return arg.value
    positional = [arg for arg in call.args if arg.keyword is None]
    if operand.position is None or any(arg.star for arg in positional[: operand.position + 1]):
        return None
    return positional[operand.position].value if operand.position < len(positional) else None


def _static_renewal(
    facts: ModuleFacts, site: Site, argument: cst.BaseExpression, certain: bool, _depth: int = 0,
) -> tuple[Hashing, Renewal] | None:
    """How a value given at a static position is hashed and why it differs between calls, when
    it is hashed by identity and built anew; ``certain``: counting a value built once per run
    of the function around the call only where that function certainly runs repeatedly."""
    scope = site.scope
    built: cst.CSTNode | None = argument
    if isinstance(argument, cst.Name):
        if facts.binding_scope(argument.value, scope) is not scope.enclosing_function:
            return None  # captured from an enclosing function: built once per call of that one
        built = local_value(facts, argument, scope)
        if built is None:
            built = _nested_def(facts, argument, scope)
        if built is None:
            rebuilt = _rebuilt_each_pass(facts, argument, site)
            if rebuilt is not None:
                return rebuilt, "iteration"
            fresh = _receiver_built_per_run(facts, argument, scope)
            if fresh is not None:
                return fresh, "caller"
            return _passed_fresh(facts, argument, scope, certain, _depth)
    if isinstance(argument, cst.Attribute):
        hashing = _bound_method_of_new_receiver(facts, argument, scope)
        return (hashing, "caller") if hashing is not None else None
    loops = repeating_loops(facts, site)
    if isinstance(built, cst.FunctionDef):
        # A nested `def` is a new function object each time its statement runs.
        hashing: Hashing | None = Hashing("identity", f"a new nested function `{built.name.value}`", closure=True)
        fresh_each_iteration = bool(loops) and any(loop is loops[-1] for loop in _def_loops(facts, built))
    elif isinstance(built, (cst.Call, cst.Lambda)):
        hashing = hashing_of(facts, built, scope)
        fresh_each_iteration = bool(loops) and (built is argument or _built_in(facts, built, loops[-1]))
    elif (fallback := _fallback_when_left_out(facts, built, scope)) is not None:
        built, left_out = fallback
        hashing = hashing_of(facts, built, scope)
        if hashing is not None:
            hashing = replace(hashing, description=f"{hashing.description}, made when `{left_out}` is left out")
        fresh_each_iteration = bool(loops) and _built_in(facts, built, loops[-1])
    else:
        return None
    if hashing is None or hashing.kind != "identity":
        return None
    if fresh_each_iteration:
        return hashing, "iteration"
    # A value made once per run of the function around the call needs evidence that the
    # function runs more than once (a method, a loop, two calls, here or in a checked module
    # importing this one): an entry point no checked code calls (`run`, a script's `train`)
    # builds its object or closure once for all its calls.
    enclosing = scope.enclosing_function
    repeats = facts.frequency.runs_repeatedly(enclosing) if certain else facts.frequency.may_repeat(enclosing)
    return (hashing, "call") if repeats else None


def _passed_fresh(
    facts: ModuleFacts, name: cst.Name, scope: Scope, certain: bool, depth: int,
) -> tuple[Hashing, Renewal] | None:
    """How the value is hashed when ``name`` is a parameter of the function around ``scope``
    that a caller of it in this module gives a value built anew on each of its runs, hashed by
    identity (`solve` passing its nested `def body_fun` to `while_loop(cond_fun, body_fun,
    ...)`, which hands it on to a jitted scan at a static position), where that caller runs
    more than once: each of its runs brings the jitted call a new key (measured on jax 0.10.2,
    bench/measure_passed_statics.py: 3 calls of such a `solve` compile 3 times)."""
    function = scope.enclosing_function
    found = facts.resolver.lookup(name.value, scope)
    if (
        depth > 2 or function is None or found is None or found[0] is not function
        or any(binding.kind != "param" for binding in found[1])
    ):
        return None
    for caller_site in facts.frequency.call_sites(function):
        if not isinstance(caller_site.node, cst.Call):
            continue
        passed = arguments_by_parameter(caller_site.node, function).get(name.value)
        renewal = _static_renewal(facts, caller_site, passed, certain, depth + 1) if passed is not None else None
        if renewal is not None:
            hashing, _ = renewal
            caller = caller_site.scope.enclosing_function
            where = f" by `{caller.qualname}`" if caller is not None else ""
            return replace(hashing, description=f"{hashing.description}, passed{where} on each of its calls"), "call"
    return None


def _fallback_when_left_out(
    facts: ModuleFacts, value: cst.CSTNode | None, scope: Scope
) -> tuple[cst.BaseExpression, str] | None:
    """`sensor if sensor else (lambda x: x)`, `sensor or (lambda x: x)`: what the expression
    builds (a lambda, a call) when the caller leaves out a parameter of the function around
    ``scope`` that defaults to `None`, with that parameter's name. A default is what callers
    leaving the parameter out get: a new fallback on each of their calls. Not where every call
    of the function in this module passes the parameter."""
    if isinstance(value, cst.IfExp):
        pairs = [(value.orelse, value.body), (value.body, value.orelse)]  # (built, given)
    elif isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or):
        pairs = [(value.right, value.left)]
    else:
        return None
    function = scope.enclosing_function
    for built, given in pairs:
        if not (isinstance(given, cst.Name) and isinstance(built, (cst.Lambda, cst.Call)) and function is not None):
            continue
        param = function.param(given.value)
        found = facts.resolver.lookup(given.value, scope)
        if (
            param is not None and isinstance(param.default, cst.Name) and param.default.value == "None"
            and found is not None and found[0] is function and all(b.kind == "param" for b in found[1])
            and not _always_passed(facts, function, given.value)
        ):
            return built, given.value
    return None


def _always_passed(facts: ModuleFacts, function: FunctionInfo, name: str) -> bool:
    """Whether this module calls ``function`` and passes parameter ``name`` at every call."""
    calls = [site.node for site in facts.frequency.call_sites(function) if isinstance(site.node, cst.Call)]
    return bool(calls) and all(name in arguments_by_parameter(call, function) for call in calls)


def _nested_def(facts: ModuleFacts, name: cst.Name, scope: Scope) -> cst.FunctionDef | None:
    """The `def` statement of the function around ``scope`` that alone binds ``name`` there."""
    found = facts.resolver.lookup(name.value, scope)
    if not found or found[0] is not scope.enclosing_function or len(found[1]) != 1:
        return None
    node = found[1][0].node
    return node if isinstance(node, cst.FunctionDef) else None


def _def_loops(facts: ModuleFacts, definition: cst.FunctionDef) -> list[cst.CSTNode]:
    """The loops around the `def` statement ``definition``."""
    return next((site.loops for site in facts.sites(cst.FunctionDef) if site.node is definition), [])


def _built_in(facts: ModuleFacts, value: cst.CSTNode, loop: cst.CSTNode) -> bool:
    """Whether the assignment of ``value`` runs on every iteration of ``loop``."""
    return any(getattr(site.node, "value", None) is value for site in assignment_sites_by_loop(facts).get(loop, ()))


def _receiver_built_per_run(facts: ModuleFacts, name: cst.Name, scope: Scope) -> Hashing | None:
    """How the object is hashed when ``name`` is the `self` of the method around ``scope`` and a
    caller of that method in this module builds the object anew on each of its runs (a runner
    doing `agent = Agent(params)` per episode, then `agent.act(obs)`), in a function it runs
    repeatedly or in the loop around the call: each new object is a new cache key."""
    method = scope.enclosing_function
    params = method.positional_params() if method is not None and method.is_method else []
    if not params or params[0].name != name.value or method.method_kind != "instance":
        return None
    for site in facts.frequency.call_sites(method):
        receiver = site.node.func.value if isinstance(site.node.func, cst.Attribute) else None
        caller = site.scope.enclosing_function
        if not isinstance(receiver, cst.Name) or caller is None or facts.binding_scope(receiver.value, site.scope) is not caller:
            continue
        built = local_value(facts, receiver, site.scope)
        hashing = hashing_of(facts, built, site.scope) if isinstance(built, cst.Call) else None
        if hashing is None or hashing.kind != "identity":
            continue
        loops = repeating_loops(facts, site)
        if facts.frequency.runs_repeatedly(caller) or (loops and _built_in(facts, built, loops[-1])):
            return hashing
    return None


def _bound_method_of_new_receiver(facts: ModuleFacts, argument: cst.Attribute, scope: Scope) -> Hashing | None:
    """How `self.loss_fn` is hashed, a bound method of the method's own receiver, when a caller
    calls the method on a new object on each pass of the loop around the call (`state =
    state.train1(batch)`, where `train1` returns `self._replace(...)`; `model = Model(**params)`
    per trial). A bound method hashes and compares by the identity of its `self`, whatever
    the class (measured on jax 0.10.2, bench/measure_identity_statics.py: `s.loss` of a new
    NamedTuple on each of 3 steps compiles 3 times, of one instance once)."""
    method = scope.enclosing_function
    params = method.positional_params() if method is not None and method.is_method else []
    owner = method.owner_class if method is not None else None
    if (
        not params or owner is None or method.method_kind != "instance"  # type: ignore[union-attr]
        or not isinstance(argument.value, cst.Name) or argument.value.value != params[0].name
    ):
        return None
    bound = owner.methods.get(argument.attr.value)
    if bound is None or bound.method_kind != "instance":
        return None
    for site in facts.frequency.call_sites(method) or _calls_by_method_name(facts, method):  # type: ignore[arg-type]
        receiver = site.node.func.value if isinstance(site.node.func, cst.Attribute) else None  # type: ignore[attr-defined]
        loops = repeating_loops(facts, site)
        if not isinstance(receiver, cst.Name) or not loops:
            continue
        renewed = [
            assigned for assigned in assignment_sites_by_loop(facts).get(loops[-1], ())
            if isinstance(assigned.node, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == receiver.value for t in assigned.node.targets
            ) and _makes_new_object(facts, assigned.node.value, assigned.scope)
        ]
        if renewed:
            return Hashing("identity", f"the bound method `{facts.module.code_for_node(argument)}` of a new `{owner.name}` on each pass", owner.name)
    return None


def _rebuilt_each_pass(facts: ModuleFacts, name: cst.Name, site: Site) -> Hashing | None:
    """How the object ``name`` holds is hashed, when the loop around ``site`` rebinds ``name``
    on each pass to a new object hashed by identity (`model = model.refit()` returning
    `Model(...)`, `model = copy.deepcopy(base)`): the name also has a binding outside the loop,
    so no single assignment tells what it holds."""
    loops = repeating_loops(facts, site)
    if not loops:
        return None
    for assigned in assignment_sites_by_loop(facts).get(loops[-1], ()):
        node = assigned.node
        if not (isinstance(node, cst.Assign) and any(
            isinstance(t.target, cst.Name) and t.target.value == name.value for t in node.targets
        )) or not _makes_new_object(facts, node.value, assigned.scope):
            continue
        hashing = _new_object_hashing(facts, node.value, assigned.scope)  # type: ignore[arg-type]
        if hashing is not None and hashing.kind == "identity":
            return hashing
    return None


def _new_object_hashing(facts: ModuleFacts, value: cst.Call, scope: Scope) -> Hashing | None:
    """How the new object ``value`` builds is hashed: as its class's instances, also where a
    method of the checked code builds it (`return Model(self.lr)`)."""
    hashing = hashing_of(facts, value, scope)
    if hashing is not None or not isinstance(value.func, cst.Attribute):
        return hashing
    method = facts.staging.method_of(value.func, scope) or _method_named(facts, value.func.attr.value)
    for returned in method.returns if method is not None else ():
        hashing = hashing_of(facts, returned, method) if isinstance(returned, cst.Call) else None  # type: ignore[arg-type]
        if hashing is not None:
            return hashing
    return None


def _calls_by_method_name(facts: ModuleFacts, method: FunctionInfo) -> list[Site]:
    """The calls `x.<name>(...)` of a method no other class of the module defines: where the
    class of `x` cannot be told (`state = state.train1(batch)` depends on itself), the name
    picks the method."""
    if _method_named(facts, method.name) is not method:
        return []
    return [
        site for site in facts.sites(cst.Call)
        if isinstance(site.node.func, cst.Attribute) and site.node.func.attr.value == method.name  # type: ignore[attr-defined]
    ]


def _method_named(facts: ModuleFacts, name: str) -> FunctionInfo | None:
    """The method ``name`` when exactly one class of the module defines it."""
    found = [owner.methods[name] for owner in facts.classes if name in owner.methods]
    return found[0] if len(found) == 1 else None


def _makes_new_object(facts: ModuleFacts, value: cst.BaseExpression, scope: Scope, _depth: int = 0) -> bool:
    """Whether ``value`` builds a new object each time it runs: a class of the checked code
    called, a copy (`copy.deepcopy(model)`, `dataclasses.replace`, a NamedTuple's `_replace`),
    or a method of the checked code that returns only such."""
    if not isinstance(value, cst.Call) or _depth > 2:
        return False
    func = value.func
    if facts.staging.class_named(func, scope) is not None or facts.qualified_name(func, scope) in names.OBJECT_COPIES:
        return True
    if isinstance(func, cst.Attribute) and func.attr.value == "_replace":
        return True
    method = (facts.staging.method_of(func, scope) or _method_named(facts, func.attr.value)) if isinstance(func, cst.Attribute) else None
    return method is not None and bool(method.returns) and all(
        _makes_new_object(facts, returned, method, _depth + 1) for returned in method.returns
    )


# -- static values that count through loops ------------------------------------------------


@dataclass(frozen=True)
class StaticVariation:
    """A static argument of a host call of a jitted callable in a loop (`static_argnums`,
    `static_argnames`, or a Python number `equinox.filter_jit` keys on, alone or among the
    leaves of a container) that takes a new value on every iteration: it reads a name that
    counts through the loop (see :mod:`~jaxcheck.analysis.host.loops`), the length of an item
    of a loop over data, or the target of a sweep over known, all different numbers. One that
    takes only a few values (`epoch % 2 == 0`, `not flag`, `step % 4`, or a name the loop
    assigns only such values or elements of a collection it leaves alone: see
    :func:`~jaxcheck.analysis.host.loops.takes_few_values_in_loops`) is cached per value and
    does not count. Measured on jax 0.10.2: `h = jax.jit(f, static_argnums=1); for i in
    range(3): h(x, i)` compiles `f` three times; `for n in (10, 100, 1000, 10000)` 4 times in 4
    calls, the same sweep over `(1, 2)` nested in `for _ in range(3)` 2 times in 6 calls."""

    call: cst.Call
    function: str  # the jitted callable, for messages
    param: str
    argument: cst.BaseExpression
    variable: str  # the name whose new value it takes on each iteration
    # When it changes, in words: a parameter of the function around the call changes on each
    # of that function's calls from a loop (see :func:`varying_per_call`).
    when: str = "on every loop iteration"
    which: str = "each iteration"  # what compiles again, in words
    # The warm-up call whose static values this call does not share (see :func:`_warm_ups`);
    # the finding then goes at the call, which compiles again, rather than at its argument.
    earlier: cst.Call | None = None

    @property
    def node(self) -> cst.CSTNode:
        return self.call if self.earlier is not None else self.argument


def find_static_variations(facts: ModuleFacts) -> list[StaticVariation]:
    """Static arguments of jitted calls that change on every iteration of a loop around the call
    (read through ``facts.key_variations``, see key_variations.py)."""
    found: list[StaticVariation] = []
    for call in facts.jitted_calls:
        if not (call.static or call.keyed_leaves):
            continue
        varying = repeating_varying_names(facts, call.site) if call.site.loops else set()
        for param, argument in call.arguments:
            if param.name not in call.static and param.name not in call.keyed_leaves or takes_few_values(argument):
                continue
            used: set[str] = set()
            if call.site.loops:
                loops = repeating_loops(facts, call.site)
                counted = {name for name in names_read(argument) & varying if not takes_few_values_in_loops(facts, loops, name)}
                used = counted or _item_sizes(facts, call.site, argument) or _swept(facts, call.site, argument)
            if used:
                found.append(StaticVariation(call.node, call.label, param.name, argument, sorted(used)[0]))
            elif (passed := varying_per_call(facts, call.site, argument)) is not None:
                found.append(StaticVariation(call.node, call.label, param.name, argument, *passed))
    varied = {change.call for change in found}
    found += [change for change in _warm_ups(facts) if change.call not in varied]
    return found


def _warm_ups(facts: ModuleFacts) -> list[StaticVariation]:
    """The calls of a jitted callable that follow, in the same run of one function, a warm-up
    call of it (one made only to be waited for: `jax.block_until_ready(f(...))`, or `_ =
    f(...)` then `jax.block_until_ready(_)`) that passes other static values: the warm-up compiled
    another version, so the call it was to warm compiles again (measured on jax 0.10.2,
    bench/measure_warm_up_statics.py: `n_steps=10` to warm up, then `n_steps=n_steps`, 2
    compiles; the same `n_steps` both times, 1). Static arguments are compared as written,
    and a value the two calls may share (the same text) is no change."""
    found: list[StaticVariation] = []
    by_function: dict[tuple[int, int], list[JittedCall]] = {}
    for call in facts.jitted_calls:
        if call.static and call.site.scope.enclosing_function is not None:
            by_function.setdefault((id(call.callee.site), id(call.site.scope)), []).append(call)
    for calls in by_function.values():
        if len(calls) < 2:
            continue
        discarded = _waited_for(facts, calls[0].site.scope.enclosing_function)
        for index, warm_up in enumerate(calls):
            if warm_up.node not in discarded or warm_up.site.loops:
                continue
            written = _static_texts(facts, warm_up)
            for later in calls[index + 1:]:
                if later.node in discarded or later.site.loops != warm_up.site.loops:
                    continue
                for param, argument in later.arguments:
                    before = written.get(param.name)
                    if param.name in later.static and before is not None and before != facts.module.code_for_node(argument):
                        found.append(StaticVariation(
                            later.node, later.label, param.name, argument, f"{param.name}={before}",
                            when="from the warm-up call", which="this call", earlier=warm_up.node,
                        ))
                        break
                break
    return found


def _static_texts(facts: ModuleFacts, call: JittedCall) -> dict[str, str]:
    """The static arguments of ``call`` as written, by parameter; a parameter it leaves out as
    its default is written."""
    texts = {param.name: facts.module.code_for_node(argument) for param, argument in call.arguments if param.name in (call.static or ())}
    for param in call.callee.function.params:
        if param.name in (call.static or ()) and param.name not in texts and param.default is not None:
            texts[param.name] = facts.module.code_for_node(param.default)
    return texts


def _waited_for(facts: ModuleFacts, function: FunctionInfo) -> set[cst.CSTNode]:
    """The calls in ``function``'s body made only to be waited for, as a benchmark warms up:
    `jax.block_until_ready(f(x))` or `f(x).block_until_ready()` as a statement of its own, or
    `_ = f(x)` then `jax.block_until_ready(_)` (a name starting with `_`, thrown away)."""
    found: set[cst.CSTNode] = set()
    thrown: dict[str, cst.CSTNode] = {}
    waited_names: set[str] = set()
    for node in descendants(function.node):
        if type(node) is cst.Assign and len(node.targets) == 1:  # type: ignore[attr-defined]
            target = node.targets[0].target  # type: ignore[attr-defined]
            if type(target) is cst.Name and target.value.startswith("_"):  # type: ignore[attr-defined]
                thrown[target.value] = node.value  # type: ignore[attr-defined]
        if type(node) is not cst.Expr or type(node.value) is not cst.Call:  # type: ignore[attr-defined]
            continue
        wait = node.value  # type: ignore[attr-defined]
        if wait.args and facts.qualified_name(wait.func, function) in _WAITS:
            waited = wait.args[0].value
        elif type(wait.func) is cst.Attribute and wait.func.attr.value == "block_until_ready" and not wait.args:
            waited = wait.func.value
        else:
            continue
        if type(waited) is cst.Name:
            waited_names.add(waited.value)
        else:
            found.add(waited)
    found.update(value for name, value in thrown.items() if name in waited_names)
    return found


# Calls that only wait for a result (a benchmark's warm-up).
_WAITS = frozenset({"jax.block_until_ready"})


def varying_per_call(facts: ModuleFacts, site: Site, argument: cst.BaseExpression) -> tuple[str, str] | None:
    """The parameter of the function around ``site`` that ``argument`` reads and that a loop
    calling that function gives a new value on each iteration (`for step in range(n):
    opt.step(params, step)`, then `self._jit_step(..., flag=self.flag_at(step))` in `step`),
    with when it changes, in words; None where no such parameter is seen. Measured on jax
    0.10.2 (bench/measure_varying_parameters.py): a static argument computed from such a
    parameter compiles once per value, as it does written in the loop itself."""
    for name, function in parameters_read(facts, argument, site.scope).items():
        for caller_site, arguments in calls_in_repeating_loops(facts, function):
            passed = arguments.get(name)
            if passed is None or takes_few_values(passed):
                continue
            counting = names_read(passed) & repeating_varying_names(facts, caller_site)
            if counting:
                return name, per_call(function, caller_site, "the loop", sorted(counting)[0])
        for caller_site in facts.frequency.call_sites(function):
            passed = _passed(caller_site, function, name)
            swept = _swept(facts, caller_site, passed) if passed is not None else set()
            if swept:
                return name, per_call(function, caller_site, "the sweep", sorted(swept)[0])
        for caller_site in _calls_in_other_modules(facts, function):
            passed = _passed(caller_site, function, name)
            swept = _written_sweep(facts, caller_site, passed) if passed is not None else set()
            if swept:
                return name, per_call(function, caller_site, "the sweep", sorted(swept)[0])
    return None


def per_call(function: FunctionInfo, caller_site: Site, loop: str, variable: str | None = None) -> str:
    """When a parameter of ``function`` changes, in words: on each of its calls from ``loop``
    ("the loop", "the sweep") around ``caller_site``, with ``variable`` where one is named."""
    caller = caller_site.scope.enclosing_function
    where = f"{loop} of `{caller.qualname}`" if caller is not None else f"{loop.replace('the ', 'a ')} of the module"
    return f"on every call of `{function.qualname}` in {where}" + (f" (with `{variable}`)" if variable else "")


def _passed(site: Site, function: FunctionInfo, param: str) -> cst.BaseExpression | None:
    """What the call at ``site`` passes to ``function``'s parameter ``param``, unless it takes
    few values (see :func:`~jaxcheck.analysis.host.loops.takes_few_values`)."""
    if not isinstance(site.node, cst.Call):
        return None
    passed = arguments_by_parameter(site.node, function).get(param)
    return None if passed is None or takes_few_values(passed) else passed


def _calls_in_other_modules(facts: ModuleFacts, function: FunctionInfo) -> list[Site]:
    """The calls of ``function``, a module-level function, by its name in the other checked
    modules that import this one (`execute(x0, dt, n)` in `main.py` of `execute` in
    `simulator.py`), each in a loop of its own; none where not all such calls are known."""
    project = facts.resolver.project
    if project is None or function.parent is None or function.parent.kind != "module":
        return []
    sites = project.calls_elsewhere(function.name, importing_this=True) or []
    return [site for site in sites if site.loops]


def _written_sweep(facts: ModuleFacts, site: Site, argument: cst.BaseExpression) -> set[str]:
    """The target of the one loop around ``site``, in another module, that ``argument`` reads,
    where that loop runs over numbers written there, all different (`for n in (50, 100,
    200)`), or counts (`for i in range(k)`): a new value on every iteration. (That module's
    values are not this file's analysis: only what is written at the loop is read.)"""
    if len(site.loops) != 1 or not isinstance(site.loops[0], cst.For) or not isinstance(site.loops[0].target, cst.Name):
        return set()
    loop = site.loops[0]
    counting = isinstance(loop.iter, cst.Call) and facts.qualified_name(loop.iter.func, site.scope) == "range"
    if not counting and _written_numbers(loop.iter) is None:
        return set()
    target = {loop.target.value}
    return target if names_read(argument) & target else set()


def _written_numbers(collection: cst.BaseExpression) -> tuple[int | float, ...] | None:
    """The numbers of a tuple or list written as number literals, when they make a sweep (see
    :func:`~jaxcheck.analysis.host.sweeps.distinct_numbers`)."""
    if not isinstance(collection, (cst.Tuple, cst.List)):
        return None
    numbers = []
    for element in collection.elements:
        value = element.value
        if not isinstance(element, cst.Element) or not isinstance(value, (cst.Integer, cst.Float)):
            return None
        numbers.append(value.evaluated_value)
    return distinct_numbers(numbers)


def _item_sizes(facts: ModuleFacts, site: Site, argument: cst.BaseExpression) -> set[str]:
    """Items of a loop over data (not a literal collection of settings) whose length the
    argument reads: `len(tokens)` for `for tokens in requests`, a size that differs per item."""
    targets = [
        loop.target if isinstance(loop, cst.For) else getattr(getattr(loop, "for_in", None), "target", None)
        for loop in repeating_loops(facts, site)
    ]
    items = {target.value for target in targets if isinstance(target, cst.Name)}
    found: set[str] = set()

    class _Lengths(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            if (
                isinstance(node.func, cst.Name) and node.func.value == "len" and len(node.args) == 1
                and facts.qualified_name(node.func, site.scope) == "len"
                and isinstance(node.args[0].value, cst.Name) and node.args[0].value.value in items
            ):
                found.add(node.args[0].value.value)

    argument.visit(_Lengths())
    return found


def _swept(facts: ModuleFacts, site: Site, argument: cst.BaseExpression) -> set[str]:
    """The target of a sweep (a loop over known, all different numbers) that the argument reads,
    when that loop is the only one around the call and its function runs once per sweep: each
    iteration then brings a value the cache has not seen. A sweep repeated by an outer loop, or
    with a loop of its own around the call, compiles once per value for many calls."""
    if len(site.loops) != 1 or swept_numbers(facts, site.loops[0]) is None:
        return set()
    if facts.frequency.runs_repeatedly(site.scope.enclosing_function):
        return set()
    target = names_read(site.loops[0].target)
    return target if names_read(argument) & names_assigned_from(facts, site.loops[0], target) else set()


# -- dtypes and weak types ------------------------------------------------------------------


@dataclass(frozen=True)
class DtypeChange:
    """A traced argument of a host call of a jitted callable that jit keys apart, by dtype or
    weak type, from what another call of the same callable with the same static values passed
    (a Python `int` at one call and a `float` at another, a Python scalar and a strongly typed
    array), or from what the same call passed on another iteration of the loop around it (see
    :class:`~jaxcheck.analysis.interpret.events.KeyDrift`): one more compile. Measured on jax
    0.10.2 (bench/measure_dtype_keys.py): after `step(x, 1)`, `step(x, 0.5)` compiles again, and
    so does `step(x, jnp.int32(2))` (strongly typed); `step(x, 2)` and `step(x, jnp.asarray(2))`
    (weakly typed int32, as the Python int) do not."""

    call: cst.Call
    function: str  # the jitted callable, for messages
    param: str  # the parameter, or the argument as written with the path to the leaf that changes
    argument: cst.BaseExpression  # where the call writes it
    kind: str  # what this call passes, in words: "a weakly typed float32"
    other: str  # what the other passes, in words
    earlier: cst.CSTNode | None  # the other call's argument, where it is one
    where: str = ""  # else when the other value is passed, in words


def find_dtype_changes(facts: ModuleFacts) -> list[DtypeChange]:
    """The traced arguments whose dtype or weak type differs between calls of a jitted callable
    (read through ``facts.key_variations``, see key_variations.py); at most one per call."""
    found: list[DtypeChange] = []
    changed: set[cst.CSTNode] = set()
    seen: dict[tuple[int, str, tuple[str, ...]], dict[Kind, cst.CSTNode]] = {}
    for call in facts.jitted_calls:
        if call.static is None:
            continue
        statics = _static_values(facts, call)
        if statics is None:
            continue  # a new lambda or identity-hashed object: this call compiles anyway
        for param, argument in call.arguments:
            if param.name in call.static:
                continue
            change = _dtype_change(facts, call, param.name, argument, statics, seen)
            if change is not None:
                found.append(change)
                changed.add(call.site.node)
                break
    for drift in facts.key_drifts:
        if drift.call in changed:
            continue
        where = (
            "on other iterations (its dtype alternates where it is made)" if drift.alternating
            else "at its call before the loop" if drift.before_loop
            else "on the loop's first iteration"
        )
        found.append(DtypeChange(
            drift.call, f"`{facts.module.code_for_node(drift.call.func)}`",
            facts.module.code_for_node(drift.argument) + drift.path, drift.argument,
            _array_kind(drift.later), _array_kind(drift.first), None, where,
        ))
    return found


def _dtype_change(
    facts: ModuleFacts, call: JittedCall, param: str, argument: cst.BaseExpression, statics: tuple[str, ...],
    seen: dict[tuple[int, str, tuple[str, ...]], dict[Kind, cst.CSTNode]],
) -> DtypeChange | None:
    if type(facts.host_value(argument)) is MixedNumber:
        return DtypeChange(
            call.node, call.label, param, argument, "an `int` (when `max`/`min` returns its `int` argument)",
            "a `float`", None, "when it returns the other",
        )
    origins = _origins(facts, argument, call.site)
    if not origins:
        return None
    if _branches_on_dtype(call.callee.function, param):
        # A function that branches on its argument's dtype expects several dtypes: only a
        # weak type changing is drift then.
        origins = {Kind("?", k.weak): n for k, n in origins.items()}
    if len(origins) > 1:  # a name holding values of two kinds (loop-carried)
        (kind, _), (other, earlier) = list(origins.items())[:2]
        if kind.differs(other):
            return DtypeChange(call.node, call.label, param, argument, kind.describe(), other.describe(), earlier)
    kind = next(iter(origins))
    # Only calls that pass the same static values can share a compiled version.
    kinds = seen.setdefault((id(call.callee.site), param, statics), {})
    earlier_kind = next((k for k in kinds if k.differs(kind)), None)
    kinds.setdefault(kind, argument)
    if earlier_kind is not None:
        return DtypeChange(call.node, call.label, param, argument, kind.describe(), earlier_kind.describe(), kinds[earlier_kind])
    return None


def _origins(facts: ModuleFacts, argument: cst.BaseExpression, site: Site) -> dict[Kind, cst.CSTNode]:
    """The kinds ``argument`` may have, each with the expression that gives it. Outside a
    loop, a name holds what its binding reaching the call gave it (`x = 2.` then
    `x = jnp.ones(...)` reach the call as the array alone), as the interpreter ran it."""
    scope = site.scope
    if isinstance(argument, cst.Name):
        kind = _reached_kind(facts, argument)
        if kind is not None and not site.loops:
            return {kind: argument}
        # In a loop the bindings tell a loop-carried name's kinds apart; what the interpreter
        # reached (a helper's result, another module's) answers where they cannot.
        return facts.dtypes.origins(argument, scope) or ({kind: argument} if kind is not None else {})
    kind = facts.dtypes.kind(argument, scope) or _reached_kind(facts, argument)
    return {kind: argument} if kind is not None else {}


def _reached_kind(facts: ModuleFacts, argument: cst.BaseExpression) -> Kind | None:
    """The dtype and weak type of what the interpreter found ``argument`` holds, where it knows
    both (a helper's result, in this module or another)."""
    reached = facts.host_value(argument)
    kind = array_kind(reached) if reached is not None else None
    return None if kind is None or kind.dtype == "?" or kind.weak is None else kind


def _branches_on_dtype(function: FunctionInfo, param: str) -> bool:
    """Whether ``function``'s body decides on `param.dtype` (the test of an `if`, `while` or
    conditional expression reads it: `if x.dtype == jnp.uint8:`, `if jnp.issubdtype(x.dtype,
    jnp.integer):`): it is written for several dtypes, each compiled on purpose. Reading the
    dtype only to keep it (`jnp.zeros((n, n), dtype=a.dtype)`) is no such sign: a second
    dtype compiles again all the same (measured on jax 0.10.2, bench/measure_dtype_keys.py)."""
    for node in descendants(function.node):
        test = getattr(node, "test", None) if type(node) in (cst.If, cst.While, cst.IfExp) else None
        if test is not None and any(
            type(part) is cst.Attribute and part.attr.value == "dtype"  # type: ignore[attr-defined]
            and type(part.value) is cst.Name and part.value.value == param  # type: ignore[attr-defined]
            for part in descendants(test)
        ):
            return True
    return False


def _static_values(facts: ModuleFacts, call: JittedCall) -> tuple[str, ...] | None:
    """The static arguments of ``call`` as written, to tell which calls could share a compiled
    version; None when one of them is a new object each time (a lambda, a `partial`, an
    instance hashed by identity): such a call compiles anyway, whatever the dtypes."""
    written = []
    for param, argument in call.arguments:
        if param.name not in call.static:
            continue
        hashing = hashing_of(facts, argument, call.site.scope)
        if hashing is not None and hashing.kind == "identity":
            return None
        written.append(f"{param.name}={facts.module.code_for_node(argument)}")
    return tuple(written)


def _array_kind(kind: Kind | str) -> str:
    """`a weakly typed float32` (a field, an array: not necessarily a Python number), or a tree
    structure already in words (`None`, a dict)."""
    if isinstance(kind, str):
        return kind
    typed = "a weakly typed" if kind.weak else "a strongly typed"
    return f"{typed} value" if kind.dtype == "?" else f"{typed} {kind.dtype}"
