"""PRNG key flow: where each key is consumed, split, rebound and returned, per function.

A key is a value. JAX's own model (`jax_debug_key_reuse`, measured on jax 0.10.2) says a sampler
(`jax.random.normal(key, ...)`) or `split` *consumes* its key, and using a consumed key again gives
bits that are the same as, or correlated with, the first use; `fold_in` and `clone` consume
nothing (nor do flax's derivations by `fold_in`, unless repeated). The walk in :mod:`~jaxcheck.analysis.keys.walk` follows every function of the module (and the module body) in
statement order, with a version per binding of each key variable (`key`, `keys[0]`,
`state.rng`), and records these events, which the JAX5xx rules read:

- :class:`KeyReuse`: a version consumed a second time: in straight-line code or across branches
  that both run (``again``), after a `split` of it (``after-split``), by the same call on the next
  iteration of a loop or of a repeating transform (``loop``), or after a same-module function
  that consumed it handed it back unchanged (``returned``);
- :class:`KeyOverwrite`: a key parameter rebound to a freshly made key before any use (or
  after one, when later statements draw from it), which discards every caller's key;
- :class:`DefaultKeyReuse`: a key parameter defaulting to a constant key that a repeated call
  leaves out, so every such call draws the same numbers.

Same-module functions (and the functions jitted callables wrap) are summarised once: which key
parameters they consume, and which they return unchanged after consuming them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import libcst as cst

from ... import names
from ..transforms import nnlibs
from .guards import Guard
from ..syntax.binding import bind_call
from ..syntax.scopes import Binding, ClassInfo, FunctionInfo, Param, Scope
from ..transforms.instances import enclosing_class
from ..syntax.walk import binding_targets, children, descendants, dotted_name, names_loaded, names_read

if TYPE_CHECKING:
    from ..facts import ModuleFacts
    from ..syntax.collect import Site

# `derive`: keys derived from it by `fold_in`, as flax linen's `init` and `apply(rngs=...)` do:
# jax's checker counts no consumption, and a draw from the key itself shares no bits with them
# (measured with flax 0.12.8 on jax 0.10.2), but the same derivation twice gives the same keys
# (`apply` twice with one dropout key: the same masks).
# `given`: handed to a callable the analysis cannot see into (see `unresolved_key_arguments`).
UseKind = Literal["draw", "split", "call", "derive", "given"]
ReuseKind = Literal["again", "after-split", "loop", "returned"]
# Consumptions whose random bits are the key's own: a sampler, a `split`, a function of the
# checked code that does either. Not `derive` (`fold_in`, flax's `init`: keys that share no bits
# with the key's draws) nor `given` (a callable the analysis cannot see into).
OWN_BITS: tuple[UseKind, ...] = ("draw", "split", "call")

# How a mapping hands a key whole to every element through a parameter of its body (see
# ``KeyReuse.given_whole_by``).
GivenWhole = Literal["partial", "in_axes", "default"]


@dataclass(frozen=True)
class KeyUse:
    """One consumption of a key: a sampler, `split`, or a same-module function that consumes it."""

    call: cst.Call
    key: cst.BaseExpression  # the argument expression that names the key
    variable: str  # `key`, `keys[0]`, `state.rng`
    kind: UseKind
    callee: str  # `jax.random.normal`, or the qualified name of the consuming function
    statement: cst.CSTNode  # the statement around the call (where a fix inserts a split)
    function: FunctionInfo | None  # None: module-level code
    loop: cst.CSTNode | None  # the innermost loop (or comprehension) around the call
    # The methods whose draws from their object's key, which nothing advances (see
    # `KeyFlow.held_field_draws`), are all this consumption is (`model.sample()`, or a
    # helper calling it): each such method draws the same numbers on every call, reported there.
    stored_by: frozenset[FunctionInfo] = frozenset()


@dataclass(frozen=True)
class LeftOutDefault:
    """The constant default key of a key parameter (``made_at``: `rng=PRNGKey(0)`, or the key a
    top-level `if rng is None:` makes) that a call of ``function`` leaves out."""

    function: FunctionInfo
    param: str
    made_at: cst.Call


@dataclass(frozen=True)
class KeyReuse:
    kind: ReuseKind
    first: KeyUse
    second: KeyUse
    loop: cst.CSTNode | None = None  # ``loop``: the loop or the repeating transform's call
    returned_by: FunctionInfo | None = None  # ``returned``: the function that handed it back
    return_node: cst.CSTNode | None = None  # ``returned``: where it hands the key back
    # ``loop`` through a lax body's carry: the body made the key it hands back from the one it
    # was handed (`key, sub = split(key)`), so the next iteration splits a key already drawn
    # from rather than drawing the same numbers again
    advanced: bool = False
    # ``loop`` by a mapping transformation (`jax.vmap`): every element, not every iteration
    mapped_by: str | None = None
    # ``loop`` of a key the body makes again from a seed the loop never changes
    # (`key = PRNGKey(seed)` in a loop over layers): the constructor, where the fix goes
    remade_at: cst.CSTNode | None = None
    # ``loop`` by a mapping that hands the key whole to every element through a parameter of
    # its body: a `partial` bound it (`jax.vmap(partial(f, key))`, "partial") or the mapping's
    # axes pass it unmapped (`jax.vmap(f, in_axes=(0, None))(xs, key)`, "in_axes"). The body
    # draws from the key it is given, as it should; the key is chosen where the mapping is
    # applied (``loop``), where the fix goes.
    given_whole_by: GivenWhole | None = None
    # ``given_whole_by`` "partial": what the `partial` of this module binds to the key's
    # parameter (`key=key` of `partial(generate_unroll, ..., key=key)`); "default": the default
    # the mapped call leaves the parameter to (`def update(point, key=key)`, `vmap(update)(xs)`).
    # Where the key is chosen.
    bound_at: cst.BaseExpression | None = None
    # ``loop`` over the calls of a method drawing from a key its object holds, which nothing
    # advances after set-up, or of a function a factory returns drawing from a key it captured
    # from that factory (``captured_from``): every call, not every iteration
    every_call_of: FunctionInfo | None = None
    captured_from: FunctionInfo | None = None
    # ``loop`` of the default key of a parameter a call of the repeated body leaves out, itself
    # or through the functions it calls (``remade_at`` is that default)
    left_out: LeftOutDefault | None = None
    # ``after-split`` of a key held in a field of an object (`self.key`) by a method that leaves
    # it there, while this other method of its class advances it (`self.key, sub = split(self.key)`):
    # the object's next draw splits the same parent again
    advanced_by: FunctionInfo | None = None


@dataclass(frozen=True)
class KeyOverwrite:
    function: FunctionInfo
    param: Param
    target: cst.Name
    value: cst.Call


@dataclass(frozen=True)
class KeyIgnored:
    """A key parameter every caller must pass that the function never reads, while it draws from
    a key that is the same on every call: one it makes from a written seed (``fixed`` is that
    constructor), or one held in a field of `self` that it never advances (``fixed`` is where it
    is consumed)."""

    function: FunctionInfo
    param: Param
    fixed: cst.BaseExpression
    field: str | None  # `self.rng`; None for a constructor
    # A parameter defaulting to None that the function fills in when left out (`if key is None:
    # key = self.get_key()`) and then never reads (see `filled_in_key_parameters`).
    filled_in: bool = False


@dataclass(frozen=True)
class KeyDeleted:
    """A key parameter the function deletes unread (`del key`) while it draws from another key
    that is not the caller's to choose: a field of an object it is given (`state.rng_key`),
    a key made from a seed, or one of an enclosing scope. Whatever key a caller passes is
    thrown away (mahjax's `step`: every reshuffle from one global sequence)."""

    function: FunctionInfo
    param: Param
    deletion: cst.Del
    drawn: KeyUse  # the first draw from another key


@dataclass(frozen=True)
class DefaultKeyReuse:
    """A key parameter whose absence gives a constant key, left out by a call that runs
    repeatedly: a default key (evaluated once), or a `None` default the body replaces with a key
    made from a written seed; every such call draws the same numbers."""

    function: FunctionInfo
    param: Param
    default: cst.Call  # the default itself, or the constructor the body calls
    call: cst.Call
    caller: FunctionInfo | None
    made_in_body: bool = False  # `if rng is None: rng = PRNGKey(0)`, or `key = PRNGKey(seed)`
    seed: bool = False  # ``param`` is the seed the body makes its key from (`seed=0`)


@dataclass(frozen=True)
class Returned:
    """A key that a function returns after consuming it: a key parameter unchanged, the key a
    field of a parameter held on entry (`state.rng`), or a key the function made and consumed
    itself (``param`` None), returned as it is, in a tuple, or in a field of a pytree it builds
    (`State(x, key)`, `dataclasses.replace(state, rng=key)`)."""

    param: str | None  # `key`, `state.rng`; None: a key made inside, already spent
    position: int | None  # index in the returned tuple; None for the whole return value
    node: cst.CSTNode  # where the key is first handed back unadvanced (maybe in a callee)
    field: str | None = None  # the field of the returned pytree that holds it
    by: FunctionInfo | None = None  # the callee that handed it back first; None: this function


@dataclass(frozen=True)
class KeyYieldedInLoop:
    """A key a generator yields on every pass of a loop that never rebinds it
    (`for batch in batches: yield batch, model_key`): every item hands out the same key, and a
    consumer drawing from each item's key draws the same numbers each time."""

    function: FunctionInfo
    key: cst.Name  # the key in the yielded value
    loop: cst.CSTNode


@dataclass(frozen=True)
class FieldDefaultKey:
    """A field of a class (a NamedTuple; a dataclass on Python 3.10, which 3.11 refuses, see
    bench/measure_default_keys.py) declared with a constant key as its default (`key: jax.Array = jax.random.PRNGKey(0)`) that every
    construction of the class in the checked code leaves out (``omitted_by``: the first): the
    default is made once, with the class, so every instance holds that same key whatever key
    its maker was given."""

    owner: ClassInfo
    name: str
    default: cst.Call
    omitted_by: cst.Call


@dataclass
class Summary:
    consumed: set[str] = field(default_factory=set)  # parameter names
    # Consumed parameters whose every consumption sits where tests of other parameters lead (see
    # :func:`~jaxcheck.analysis.keys.guards.parameter_guards`): `if argmax: ... else: normal(seed)`.
    # A call passing a constant that leads one of them the other way consumes nothing there.
    consumed_only_if: dict[str, frozenset[Guard]] = field(default_factory=dict)
    # Consumed parameters whose every consumption selects or orders rows (`permutation`,
    # `choice`): one key given for several arrays of one length keeps them aligned.
    selects_rows: set[str] = field(default_factory=set)
    # Keys it consumes (parameters, and keys read from enclosing scopes, by name) only to move the
    # rows of its own parameters (`def convert_data(x): return permutation(subkey, x)`, or
    # `x[permutation(key, len(x))]`), each with how it moves them (the sampler) and those
    # parameters: calls on several arrays apply one shuffle to data aligned along an axis, as
    # the sampler itself would (see `KeyEvents._aligned_rows`).
    rows_of: dict[str, tuple[str, frozenset[str]]] = field(default_factory=dict)
    # Consumed parameters it only splits, into keys it neither draws from nor hands on but
    # returns (`key, *keys = split(key, n)` ... `return fn, keys`), each with where the return
    # value holds them (paths of tuple indices; () the whole value): a call splits the key for
    # its caller, and the bits are used only if the caller reads what it got there.
    split_for_caller: dict[str, frozenset[tuple[int, ...]]] = field(default_factory=dict)
    consumed_outer: set[str] = field(default_factory=set)  # keys read from enclosing scopes
    # Keys of enclosing scopes it rebinds through `global` or `nonlocal` (`global rng` then
    # `rng, sub = split(rng)`): after a call, the caller's variable holds another key.
    rebound_outer: set[str] = field(default_factory=set)
    returned: list[Returned] = field(default_factory=list)
    # The constant seed of the key every `return` hands back (`return PRNGKey(0)`): each call
    # gives the same key. None: it returns something else, or keys of other seeds.
    returned_seed: str | None = None
    # Keys held in the fields of parameters (`self.rng`, `state.key`): the fields whose key on
    # entry the function consumes, the fields it rebinds (after the call a caller's `model.rng`
    # holds another key), and the objects it hands to calls that may change any field.
    consumed_fields: set[str] = field(default_factory=set)
    # Consumed parameters and fields (of ``consumed`` and ``consumed_fields``) whose first
    # consumption is a `split` (`k, sub = split(k)`): the call splits the key it is handed first.
    split_first: set[str] = field(default_factory=set)
    rebound_fields: set[str] = field(default_factory=set)
    # Rebound fields that end up holding the key they held on entry, handed back spent by a callee
    # (`self.key = ...` from a jitted step that returns the key it was given), with that callee
    # and its `return`: after a call the caller's `model.key` is the key the call consumed.
    spent_back: dict[str, tuple[FunctionInfo, Returned]] = field(default_factory=dict)
    changed_objects: set[str] = field(default_factory=set)
    # Fields of `self` it splits and leaves as they were, each with the other method of its
    # class that advances that field (`self.key, sub = split(self.key)`): the object hands out
    # keys as a stream, and this method leaves a spent parent for its next key.
    left_unadvanced: dict[str, FunctionInfo] = field(default_factory=dict)
    # Fields of parameters it consumes only through draws of methods from their object's key that
    # nothing advances (its own, or its callees'), with those methods (see ``KeyUse.stored_by``).
    drawn_unadvanced: dict[str, frozenset[FunctionInfo]] = field(default_factory=dict)
    # The constructor of a key it makes from a seed written as a number and consumes
    # (`normal(PRNGKey(0), shape)`), itself or through a function it calls: each call draws the
    # same numbers. Where that is on purpose (a fixed evaluation seed) is the caller's to say:
    # a body a lax loop or a mapping repeats cannot mean a different key on each repetition.
    fixed_seed_made_at: cst.Call | None = None
    # Consumed key parameters whose default is a constant key (`rng=PRNGKey(0)`, made once when
    # the `def` runs), or None that a top-level `if` replaces with one: a call leaving the
    # parameter out draws from that one key, as if it made it from a written seed itself.
    default_keys: dict[str, cst.Call] = field(default_factory=dict)
    # The default key (of ``default_keys``) of a function it calls leaving the key out, itself
    # or through a function it calls: each call draws from that one key. Reported where a lax
    # loop or a mapping repeats the call (host calls that repeat: `default_key_reuses`).
    default_key_drawn: LeftOutDefault | None = None
    # Fields of its object that hold, when it returns, the key a parameter was given, unchanged
    # (`self._key = key` in `__init__`, or a setter): after a call, the caller's object holds
    # the caller's key there (`s = PRNGSequence(k)`: `s._key` is `k`, and a method of `s` that
    # splits `self._key` consumes `k`). Field path (`self._key`) -> parameter.
    stored_fields: dict[str, str] = field(default_factory=dict)
    # Parameters whose value reaches nothing it computes: never read, or read only as whole
    # arguments that functions of the checked code bind to parameters of theirs so inert
    # (`def iterate(data, epoch): perm = permutation_for(n, epoch)`, where `permutation_for`
    # never reads `epoch`): calls that differ only there compute the same thing.
    inert: set[str] = field(default_factory=set)


def consumes_a_key(facts: ModuleFacts, call: cst.Call, scope: Scope) -> bool:
    """A sampler, `split`, a key holder (`nnx.Rngs`), a call given `rngs=` (flax `apply`), a
    flax linen module's `init(key, ...)`, haiku's `apply(params, rng, ...)`, a library-made
    callable that draws (see `drawn_key`), or a callable the analysis cannot see into that is
    handed a key (see `unresolved_key_arguments`)."""
    if any(arg.keyword is not None and arg.keyword.value == "rngs" for arg in call.args):
        return True
    if linen_init_keys(facts, call, scope) or nnlibs.haiku_apply_key(facts.staging, call, scope) is not None:
        return True
    return (
        random_consumer(facts, call, scope) is not None or drawn_key(facts, call, scope) is not None
        or bool(unresolved_key_arguments(facts, call, scope))
    )


def unresolved_key_arguments(facts: ModuleFacts, call: cst.Call, scope: Scope) -> list[cst.BaseExpression]:
    """The keys a call hands to a callable of the checked code that the analysis cannot see
    into: one held in a parameter, a local name or a field (`self._kernel_initializer(shape,
    rng)`, `init(rng)` of an `init, apply` pair a transform returns, `dist.sample(key)`). In JAX
    code such a callable draws from the key it is given (as every initializer, `sample` and
    `apply` of flax, haiku, numpyro and distrax does), unless its name says it hands keys on or
    keeps values (see ``names.KEY_FORWARDING_WORDS``). Not a call of a library, a builtin, a
    class (a constructor stores what it is given), nor one of a function the analysis resolves
    (its summary says what it does)."""
    func = call.func
    dotted = dotted_name(func) if call.args and type(func) in (cst.Name, cst.Attribute) else None
    if dotted is None or not _names_what_draws(dotted):
        return []
    found = facts.resolver.lookup(dotted.partition(".")[0], scope)
    if found is None or any(
        binding.kind not in ("param", "assign", "global") or _made_by_jax(facts, binding, found[0]) for binding in found[1]
    ):
        return []  # a builtin, an import, a function or class defined here, a transformation of one
    keys = [arg.value for arg in call.args if not arg.star and _hands_a_key(facts, arg, scope)]
    if (
        not keys or facts.qualified_name(func, scope) is not None or facts.staging.class_named(func, scope) is not None
        or _library_instance(facts, func, scope)  # type: ignore[arg-type]
    ):
        return []
    return keys if not callees_of(facts, call, scope) and runner_target(facts, call, scope) is None else []


def _names_what_draws(dotted: str) -> bool:
    """Whether the last name of a callee says nothing of handing keys on or keeping values, nor
    of making an object (`State(...)`, `PRNGSequence(key)`)."""
    last = dotted.rpartition(".")[2]
    if last[:1].isupper():
        return False
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", last).lower().split("_")
    return not any(word in names.KEY_FORWARDING_WORDS for word in words)


def hands_keys(facts: ModuleFacts, call: cst.Call, scope: Scope) -> bool:
    """Whether ``call`` is given a key (see `_hands_a_key`)."""
    return any(not arg.star and _hands_a_key(facts, arg, scope) for arg in call.args)


def _hands_a_key(facts: ModuleFacts, arg: cst.Arg, scope: Scope) -> bool:
    """Whether an argument is a key by where it comes from: a key made on the spot
    (`PRNGKey(1000)`), a parameter annotated as a key or whose last word names one (`rng`,
    `init_key`; see ``names.is_key_name``), a name bound to what
    `jax.random` returns (`rng = PRNGKey(seed)`, `k1, k2 = split(key)`), a field named as keys are
    (`self._rng`), or anything passed by a keyword named so (`key=...`, `rng=...`)."""
    value = arg.value
    named = dotted_name(value.value if type(value) is cst.Subscript else value)  # type: ignore[attr-defined]
    if named is not None and set(named.lower().replace(".", "_").split("_")) & names.DUMMY_KEY_WORDS:
        return False
    if arg.keyword is not None and names.is_key_name(arg.keyword.value):
        return type(value) in (cst.Name, cst.Attribute, cst.Subscript)
    if type(value) is cst.Call:
        return random_constructor(facts, value, scope) is not None  # type: ignore[arg-type]
    if type(value) is cst.Subscript:
        value = value.value  # type: ignore[attr-defined]
    if type(value) is cst.Attribute:
        return names.is_key_name(value.attr.value)  # type: ignore[attr-defined]
    if type(value) is not cst.Name:
        return False
    found = facts.resolver.lookup(value.value, scope)  # type: ignore[attr-defined]
    if found is None:
        return False
    where, bindings = found
    for binding in bindings:
        if binding.kind == "param":
            param = where.param(value.value) if isinstance(where, FunctionInfo) else None  # type: ignore[attr-defined]
            if param is None or not (names.is_key_name(param.name) or _annotated_as_key(param, facts, where)):  # type: ignore[arg-type]
                return False
        elif binding.kind == "assign" and binding.unpacked is not None and type(binding.unpacked[0]) is cst.Name:
            # unpacked from a name, as a parameter is given (`key, x = carry` in a lax body):
            # its own name says what it holds, as a parameter's does
            if not names.is_key_name(value.value):  # type: ignore[attr-defined]
                return False
        elif binding.kind == "assign":
            made = _bound_value(binding)
            alternatives = (made.body, made.orelse) if type(made) is cst.IfExp else (made,)  # type: ignore[attr-defined]
            if not any(_makes_keys(facts, alternative, where) for alternative in alternatives):
                return False
        else:
            return False
    return bool(bindings)


def _library_instance(facts: ModuleFacts, func: cst.Name | cst.Attribute, scope: Scope) -> bool:
    """Whether ``func`` is an instance of a library's class, or its method (`self.norm(x,
    key=key)` where `self.norm = eqx.nn.LayerNorm(...)` or `norm: eqx.nn.LayerNorm`): what its
    call does with a key is that library's (many layers take a key they never use), and the
    ones that draw are listed (see ``names.KEYED_MODULE_CALLS``)."""
    node: cst.BaseExpression = func
    while type(node) is cst.Attribute and not (type(node.value) is cst.Name and node.value.value == "self"):  # type: ignore[attr-defined]
        node = node.value  # type: ignore[attr-defined]
    made: list[tuple[Scope, cst.CSTNode | None]] = []
    if type(node) is cst.Name:
        found = facts.resolver.lookup(node.value, scope)  # type: ignore[attr-defined]
        made = [(found[0], _bound_value(b)) for b in found[1]] if found else []
    elif type(node) is cst.Attribute:  # `self.norm`
        owner = enclosing_class(scope)
        if owner is None:
            return False
        made = [(method, value) for method, value in owner.self_assignments(node.attr.value)]  # type: ignore[attr-defined]
        made += [(owner, annotation) for annotation in owner.field_annotations(node.attr.value)]  # type: ignore[attr-defined]
    for where, value in made:
        maker = value.func if type(value) is cst.Call else value  # type: ignore[attr-defined]
        name = facts.qualified_name(maker, where) if type(maker) in (cst.Name, cst.Attribute) else None  # type: ignore[arg-type]
        module, _, last = name.rpartition(".") if name is not None else ("", "", "")
        if last[:1].isupper() and module.partition(".")[0] not in _TYPING_MODULES and not _is_project_name(facts, name):  # type: ignore[arg-type]
            return True
    return False


_TYPING_MODULES = frozenset({"typing", "typing_extensions", "collections"})  # `Callable`: says nothing of the maker


def _is_project_name(facts: ModuleFacts, name: str) -> bool:
    foreign = facts.foreign
    return foreign is not None and foreign.project.is_project_name(name)


def _bound_value(binding: Binding) -> cst.CSTNode | None:
    """What an assignment binds a name to: its value, or the value it was unpacked from
    (`init, apply = transform(f)`)."""
    return binding.unpacked[0] if binding.unpacked is not None else binding.node


def _made_by_jax(facts: ModuleFacts, binding: Binding, scope: Scope) -> bool:
    """A name bound to what a call of jax returns (`f = jax.vmap(g, in_axes=...)`): a
    transformation of a function, whose draws are that function's."""
    made = _bound_value(binding)
    name = facts.qualified_name(made.func, scope) if type(made) is cst.Call else None  # type: ignore[attr-defined]
    return name is not None and names.canonical(name).split(".")[0] == "jax"


def _makes_keys(facts: ModuleFacts, node: cst.CSTNode | None, scope: Scope) -> bool:
    """`jax.random.PRNGKey(seed)`, `jax.random.split(key)`, `jax.random.fold_in(key, i)`."""
    name = facts.qualified_name(node.func, scope) if type(node) is cst.Call else None  # type: ignore[union-attr]
    return name is not None and names.canonical(name) in names.PRNG_KEY_MAKERS


def callees_of(facts: ModuleFacts, call: cst.Call, scope: Scope) -> list[tuple[FunctionInfo, int | None]]:
    """The functions of the checked code that ``call`` may run, each with how many leading
    parameters are bound: what the staging analysis resolves, the function of a jitted callable
    (`simulate = jax.jit(model.simulate)`, then `simulate(key, args)`), or a method of an
    instance held in an attribute or in an item of a container (`self.explorer.sample()`,
    `state.samplers["prior"].sample_p0(key)`; `self.ff(x)` runs the `__call__` of the class
    `ff` holds), or the method a builtin calls on its argument (`next(rng)` runs
    `type(rng).__next__(rng)`, so `self` is bound by the argument: no leading parameter)."""
    protocol = _protocol_method(facts, call, scope)
    if protocol is not None:
        return [(protocol, 0)]
    found = facts.staging.functions_of(call.func, scope)
    if found:
        return [(override, offset) for function, offset in found for override in _dispatched(facts, function)]
    jitted = facts.jitted_callee(call, scope)
    if jitted is not None:
        return [(jitted.function, jitted.offset)]
    func = call.func
    if type(func) is cst.Name:
        return _wrapped_by_transformation(facts, func, scope)
    if type(func) is not cst.Attribute:
        return []
    holder = func.value  # type: ignore[attr-defined]
    if type(holder) is cst.Attribute:
        held = facts.staging.attribute_class(holder, scope)
    elif type(holder) is cst.Subscript:  # `state.samplers["prior"].sample_p0(key)`: an item of a container
        held = facts.staging.element_class(holder, scope)  # type: ignore[arg-type]
    else:
        held = None
    method = held.methods.get(func.attr.value) if held is not None else None  # type: ignore[attr-defined]
    if method is None:
        called = facts.staging.attribute_class(func, scope)  # type: ignore[arg-type]
        method = called.methods.get("__call__") if called is not None else None
    return [(method, 1)] if method is not None and method.method_kind == "instance" else []


# Builtins that run a method of the object they are given (`next(it)` is `type(it).__next__(it)`):
# a key wrapper of the checked code whose `__next__` splits `self.key` is drawn from by `next(w)`.
_PROTOCOL_BUILTINS = {"next": "__next__"}


def _protocol_method(facts: ModuleFacts, call: cst.Call, scope: Scope) -> FunctionInfo | None:
    """The method of the checked code a builtin protocol call runs (`next(rng)` of an `rng`
    whose class, annotated or told by the callers, defines `__next__`)."""
    func = call.func
    method_name = _PROTOCOL_BUILTINS.get(func.value) if type(func) is cst.Name else None  # type: ignore[attr-defined]
    if method_name is None or not call.args or call.args[0].star or facts.resolver.lookup(func.value, scope) is not None:  # type: ignore[attr-defined]
        return None  # not a builtin protocol call, or the name is shadowed
    target = call.args[0].value
    if type(target) is cst.Name:
        owner = facts.staging.instance_class(target.value, scope)  # type: ignore[attr-defined]
    elif type(target) is cst.Attribute:
        owner = facts.staging.attribute_class(target, scope)  # type: ignore[arg-type]
    else:
        owner = None
    method = owner.methods.get(method_name) if owner is not None else None
    return method if method is not None and method.method_kind == "instance" else None


def _dispatched(facts: ModuleFacts, method: FunctionInfo) -> list[FunctionInfo]:
    """What a call of ``method`` runs: the method itself, or, where its body only raises
    `NotImplementedError` (an abstract method of a base class), the one override a subclass of
    the checked code defines, in this module or one importing it (`IdealMassSpring(
    HamiltonianSystem)` defining `sample_params`, called as `self.sample_params(n, key)` in the
    base class). With no override, or several, the abstract method (it draws nothing)."""
    owner = method.owner_class
    if owner is None or not _only_raises_not_implemented(facts, method):
        return [method]
    project = facts.resolver.project
    classes = list(facts.staging.classes_by_node.values())
    if project is not None:
        classes += [c for loaded in project.importers() for c in loaded.collector.classes]
    overrides = {
        cls.methods[method.name] for cls in classes
        if method.name in cls.methods and cls is not owner and isinstance(cls.node, cst.ClassDef) and any(
            facts.staging.class_named(base.value, cls.parent or cls) is owner for base in cls.node.bases
        )
    }
    return list(overrides) if len(overrides) == 1 else [method]


def _only_raises_not_implemented(facts: ModuleFacts, function: FunctionInfo) -> bool:
    """Whether the body of ``function`` is, past a docstring, `raise NotImplementedError` alone."""
    node = function.node
    if not isinstance(node, cst.FunctionDef):
        return False
    lines = node.body.body if isinstance(node.body, cst.IndentedBlock) else (cst.SimpleStatementLine(node.body.body),)
    statements = [small for line in lines if isinstance(line, cst.SimpleStatementLine) for small in line.body]
    if len(statements) != len(lines):
        return False  # a compound statement
    if statements and isinstance(statements[0], cst.Expr) and isinstance(statements[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        statements = statements[1:]
    if len(statements) != 1 or not isinstance(statements[0], cst.Raise) or statements[0].exc is None:
        return False
    raised = statements[0].exc
    raised = raised.func if isinstance(raised, cst.Call) else raised
    return facts.qualified_name(raised, function) == "NotImplementedError"


def _wrapped_by_transformation(facts: ModuleFacts, func: cst.Name, scope: Scope) -> list[tuple[FunctionInfo, int | None]]:
    """The functions a name bound once to a transformation's wrapper runs with the arguments
    of each call (`f = jax.vmap(single, in_axes=(None, 0))`, then `f(params, keys)`), as
    `jax.vmap(single, ...)(params, keys)` written out does."""
    value, where = _only_value(facts, func, scope)
    application = facts.staging.application(value, where) if value is not None and where is not None else None
    if application is None or application.transform.runs_at_once or not application.functions:
        return []
    return facts.staging.functions_of(value, where)  # type: ignore[arg-type]


def body_functions(facts: ModuleFacts, body: cst.BaseExpression, scope: Scope) -> list[tuple[FunctionInfo, int | None]]:
    """The functions a lax loop or branch given ``body`` runs: what the staging analysis
    resolves, or the function of a `partial` that a name holds (`step = partial(body_fn,
    x=x)`, then `fori_loop(0, n, step, init)` runs `body_fn(i, init, x=x)`). Of a `partial`,
    with the leading parameters its positional arguments bind (none for `partial(body_fn,
    x=x)`: the loop's arguments bind from the first), so the carry binds where the loop puts it."""
    value, where = (body, scope) if type(body) is cst.Call else (
        _only_value(facts, body, scope) if type(body) is cst.Name else (None, None)  # type: ignore[arg-type]
    )
    bound_by_partial = None
    if value is not None and where is not None and value.args and facts.qualified_name(value.func, where) in names.PARTIAL:
        if not any(arg.star for arg in value.args):
            bound_by_partial = sum(1 for arg in value.args[1:] if arg.keyword is None)
    found = facts.staging.functions_of(body, scope)
    if not found and type(body) is cst.Name and bound_by_partial is not None:
        found = facts.staging.functions_of(value, where)  # type: ignore[arg-type]
    if bound_by_partial is None:
        return found
    inner = facts.staging.functions_of(value.args[0].value, where)  # type: ignore[union-attr, arg-type]
    offsets = {function: offset for function, offset in inner}
    return [
        (function, offsets[function] + bound_by_partial if offsets.get(function) is not None else None)
        for function, _ in found
    ]


def _only_value(facts: ModuleFacts, name: cst.Name, scope: Scope) -> tuple[cst.Call | None, Scope | None]:
    """The call a name is bound to by its only binding, an assignment, with the scope it is in."""
    found = facts.resolver.lookup(name.value, scope)
    bindings = found[1] if found is not None else []
    if len(bindings) != 1 or bindings[0].kind != "assign" or not isinstance(bindings[0].node, cst.Call):
        return None, None
    return bindings[0].node, found[0]  # type: ignore[index]


def receiver_of(call: cst.Call, method: FunctionInfo) -> cst.BaseExpression | None:
    """What a call binds a method's `self` to: `model` of `model.sample()`, or the instance
    called itself (`self.ff` of `self.ff(x)`, which runs `__call__`)."""
    func = call.func
    if method.name == "__call__" and not (type(func) is cst.Attribute and func.attr.value == "__call__"):  # type: ignore[attr-defined]
        return func
    return func.value if type(func) is cst.Attribute else None  # type: ignore[attr-defined]


def linen_init_keys(facts: ModuleFacts, call: cst.Call, scope: Scope) -> list[cst.BaseExpression]:
    """The keys `model.init(key, x)` of a flax linen module derives its variables' keys from
    (the values of a dict of keys)."""
    func = call.func
    if not (
        isinstance(func, cst.Attribute) and func.attr.value in names.LINEN_KEYED_METHODS and call.args
        and call.args[0].keyword is None and not call.args[0].star
        and nnlibs.is_linen_instance(facts.staging, func.value, scope)
    ):
        return []
    first = call.args[0].value
    return [e.value for e in first.elements if isinstance(e, cst.DictElement)] if isinstance(first, cst.Dict) else [first]


def runner_target(facts: ModuleFacts, call: cst.Call, scope: Scope) -> cst.BaseExpression | None:
    """The function a library object runs with the arguments it is given (`target=` of
    `threading.Thread`), see ``names.FUNCTION_RUNNERS``."""
    if not isinstance(call.func, (cst.Name, cst.Attribute)):
        return None
    name = facts.qualified_name(call.func, scope)
    runner = names.FUNCTION_RUNNERS.get(names.canonical(name)) if name else None
    if runner is None:
        return None
    return next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == runner[0]), None)


def random_constructor(facts: ModuleFacts, call: cst.Call, scope: Scope) -> str | None:
    """`jax.random.PRNGKey` or `jax.random.key` when ``call`` makes a key from a seed."""
    func = call.func
    short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    if short not in ("PRNGKey", "key"):
        return None
    name = facts.qualified_name(func, scope)
    name = names.canonical(name) if name else None
    return name if name in names.PRNG_KEY_CONSTRUCTORS else None


def random_consumer(facts: ModuleFacts, call: cst.Call, scope: Scope) -> str | None:
    """`jax.random.normal` (or `split`, `flax.nnx.Rngs`) when ``call`` calls one, resolved from
    the imports; callees with another last name are not resolved at all (most calls)."""
    func = call.func
    short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    if short not in names.PRNG_CONSUMER_SHORT_NAMES:
        return None
    name = facts.qualified_name(func, scope)
    name = names.canonical(name) if name else None
    if name in names.PRNG_SAMPLERS or name == names.PRNG_SPLIT or name in names.PRNG_KEY_HOLDERS:
        return name
    return None


def argument(call: cst.Call, position: int | None, keyword: str) -> cst.BaseExpression | None:
    """The argument passed for parameter ``keyword`` at ``position`` (None when absent or
    starred; a ``position`` of None: a keyword-only parameter)."""
    for index, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == keyword:
                return arg.value
        elif index == position:
            return arg.value
    return None


def callee_made_by(facts: ModuleFacts, call: cst.Call, scope: Scope) -> str | None:
    """The library call that made what ``call`` calls: `jax.nn.initializers.he_uniform` for
    `he_uniform()(key, shape)`, or for `init(key, shape)` where `init = he_uniform()` is the only
    binding of `init`; `flax.linen.Dropout` for `nn.Dropout(0.1)(x, rng=key)`."""
    made: cst.BaseExpression | None = call.func if type(call.func) is cst.Call else None
    where = scope
    if type(call.func) is cst.Name:
        found = facts.resolver.lookup(call.func.value, scope)
        if found is not None and len(found[1]) == 1 and found[1][0].kind == "assign":
            where, made = found[0], found[1][0].node  # type: ignore[assignment]
    elif type(call.func) is cst.Attribute:  # `self.dropout(h, key=key)`, `self.dropout = eqx.nn.Dropout(p)`
        built = only_assignment_of_field(call.func, scope)  # type: ignore[arg-type]
        if built is not None:
            where, made = built
    if type(made) is not cst.Call:
        return None
    name = facts.qualified_name(made.func, where)  # type: ignore[attr-defined]
    return names.canonical(name) if name else None


def only_assignment_of_field(node: cst.Attribute, scope: Scope) -> tuple[Scope, cst.BaseExpression] | None:
    """The value and method of the one assignment of the field `self.X` that ``node`` reads,
    among the methods of the class around ``scope``."""
    if type(node.value) is not cst.Name or node.value.value != "self":  # type: ignore[attr-defined]
        return None
    owner = enclosing_class(scope)
    if owner is None:
        return None
    found = owner.self_assignments(node.attr.value)
    if len(found) != 1:
        return None
    method, value = found[0]
    return (method, value) if isinstance(value, cst.BaseExpression) else None


def annotates_field(owner: ClassInfo, name: str) -> bool:
    """Whether the body of ``owner`` annotates a field ``name`` (`linear: eqx.nn.Linear`)."""
    return bool(owner.field_annotations(name))


def drawn_key(facts: ModuleFacts, call: cst.Call, scope: Scope) -> tuple[cst.BaseExpression, str] | None:
    """The key a call of a library-made callable draws from, and that maker's name for messages:
    an initializer (`he_uniform()(key, shape)`: argument 0 or `key`), or a module whose call
    takes its key (`nn.Dropout(rate)(x, rng=key)`); or the key a library's layer draws its
    initial parameters from (`eqx.nn.MLP(2, 2, 8, depth=2, key=key)`, see
    ``names.KEY_DRAWING_CONSTRUCTOR_MODULES``)."""
    built = _library_layer_key(facts, call, scope)
    if built is not None:
        return built
    maker = callee_made_by(facts, call, scope) if type(call.func) in (cst.Name, cst.Call, cst.Attribute) else None
    if maker is None:
        return None
    module, _, factory = maker.rpartition(".")
    if module in names.INITIALIZER_MODULES and factory not in names.INITIALIZERS_WITHOUT_DRAWS:
        key = argument(call, 0, "key")
    elif maker in names.KEYED_MODULE_CALLS:
        key = argument(call, *names.KEYED_MODULE_CALLS[maker])
    else:
        return None
    return (key, f"{maker}(...)") if key is not None else None


def _library_layer_key(facts: ModuleFacts, call: cst.Call, scope: Scope) -> tuple[cst.BaseExpression, str] | None:
    key = next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "key"), None)
    if key is None or type(call.func) not in (cst.Name, cst.Attribute):
        return None
    name = facts.qualified_name(call.func, scope)  # type: ignore[arg-type]
    name = names.canonical(name) if name is not None else None
    module, _, layer = name.rpartition(".") if name is not None else ("", "", "")
    return (key, f"{name}(...)") if module in names.KEY_DRAWING_CONSTRUCTOR_MODULES and layer[:1].isupper() else None


def looks_like_key(param: Param, facts: ModuleFacts, function: FunctionInfo) -> bool:
    """A parameter that holds a key: annotated as one, or named as keys are (`key`, `rng`, ...)."""
    return _annotated_as_key(param, facts, function) or names.is_key_parameter_name(param.name)


def _annotated_as_key(param: Param, facts: ModuleFacts, function: FunctionInfo) -> bool:
    if param.annotation is None:
        return False
    annotation = facts.qualified_name(param.annotation, function.parent or function)
    return annotation is not None and names.canonical(annotation) in names.PRNG_KEY_ANNOTATIONS


def unread_key_parameters(facts: ModuleFacts, function: FunctionInfo) -> list[Param]:
    """Key parameters without a default that nothing in ``function`` reads (nor rebinds)."""
    node = function.node
    if not isinstance(node, cst.FunctionDef):
        return []
    candidates = [
        p for p in function.params
        if p.default is None and p.kind in ("positional", "keyword") and looks_like_key(p, facts, function)
    ]
    if not candidates:
        return []  # the body is read only for a key parameter
    used = names_read(node.body)
    return [p for p in candidates if p.name not in used]


def filled_in_key_parameters(facts: ModuleFacts, function: FunctionInfo) -> list[Param]:
    """Key parameters defaulting to None that ``function`` compares with None (`if key is None:
    key = self.get_key()`) and otherwise only rebinds: the key a caller passes, or the one made
    in its place, reaches nothing (jaxampler's accept-reject sampler, case 1142: it drew from
    `PRNGKey(1000)` and `PRNGKey(10)` instead, the same accepted set for 2 of 2 other keys on
    jax 0.10.2). A parameter the body never names is an optional one left for later, not this."""
    node = function.node
    if not isinstance(node, cst.FunctionDef):
        return []
    found = []
    for param in function.params:
        if param.default is None or not _is_none(param.default) or not looks_like_key(param, facts, function):
            continue
        tested = any(type(n) is cst.Comparison and _tests_is_none(n, param.name, negated=True) for n in descendants(node.body))  # type: ignore[arg-type]
        if tested and not _used_beyond_none_tests(node.body, param.name):
            found.append(param)
    return found


def _used_beyond_none_tests(body: cst.CSTNode, name: str) -> bool:
    """Whether ``body`` reads ``name`` other than in `name is None` (or `is not None`) and
    other than as the whole target of an assignment."""
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Name:
            if node.value == name:  # type: ignore[attr-defined]
                return True
        elif kind is cst.Attribute:
            stack.append(node.value)  # type: ignore[attr-defined]
        elif kind is cst.Arg:
            stack.append(node.value)  # type: ignore[attr-defined]
        elif kind is cst.Comparison and _tests_is_none(node, name, negated=True):  # type: ignore[arg-type]
            continue
        elif kind is cst.Assign:
            stack.append(node.value)  # type: ignore[attr-defined]
            stack.extend(
                t.target for t in node.targets  # type: ignore[attr-defined]
                if not (type(t.target) is cst.Name and t.target.value == name)
            )
        else:
            stack.extend(children(node))
    return False


def field_default_keys(facts: ModuleFacts, owner: ClassInfo) -> list[FieldDefaultKey]:
    """The fields of ``owner`` whose default is a key made from a seed, left out by every
    construction of the class found: in this module (resolved), or in the other checked
    modules that import this one (calls of its name, when all of them are known). A construction passing `*args`
    or `**kwargs` may set it: none then is reported."""
    keyed = [
        (index, field.target.value, field.value) for index, field in enumerate(owner.declared_fields())  # type: ignore[attr-defined]
        if type(field.value) is cst.Call and _is_key_constructor(facts, field.value, owner.parent or owner)  # type: ignore[arg-type]
    ]
    if not keyed:
        return []
    calls = [
        site.node for site in facts.sites(cst.Call)
        if type(site.node.func) in (cst.Name, cst.Attribute) and facts.staging.class_named(site.node.func, site.scope) is owner  # type: ignore[attr-defined]
    ]
    project = facts.resolver.project
    at_module_level = owner.parent is not None and owner.parent.kind == "module"
    elsewhere = project.calls_elsewhere(owner.name, importing_this=True) if project is not None and at_module_level else []
    if elsewhere is None:
        return []
    calls += [site.node for site in elsewhere if _names_class(site.node, owner.name)]  # type: ignore[arg-type]
    found = []
    for index, name, default in keyed:
        omitting = [call for call in calls if _leaves_field_out(call, index, name)]
        if calls and len(omitting) == len(calls):
            found.append(FieldDefaultKey(owner, name, default, omitting[0]))  # type: ignore[arg-type]
    return found


def _names_class(call: cst.Call, name: str) -> bool:
    """`State(...)` or `types.State(...)`: a call by the class's own name (not `x.State(...)` of an
    instance method, which a capitalised name rarely is)."""
    func = call.func
    return (type(func) is cst.Name and func.value == name) or (type(func) is cst.Attribute and func.attr.value == name)  # type: ignore[attr-defined]


def _leaves_field_out(call: cst.Call, index: int, name: str) -> bool:
    if any(arg.star for arg in call.args):
        return False
    positional = sum(1 for arg in call.args if arg.keyword is None)
    return positional <= index and not any(arg.keyword is not None and arg.keyword.value == name for arg in call.args)


def keys_yielded_in_loops(facts: ModuleFacts, function: FunctionInfo) -> list[KeyYieldedInLoop]:
    """Keys (by where they come from: see `_made_as_key`) that a `yield` of ``function`` hands
    out as they are, itself or in a tuple, inside a `for` or `while` loop of the function that
    binds them nowhere (the loop's target included)."""
    node = function.node
    if not isinstance(node, cst.FunctionDef) or not _own_nodes(node.body, (cst.Yield,)):
        return []
    found: list[KeyYieldedInLoop] = []
    for loop in _own_nodes(node.body, (cst.For, cst.While)):
        bound = {leaf.value for target in binding_targets(loop) for leaf in descendants(target) if type(leaf) is cst.Name}  # type: ignore[attr-defined]
        for yielded in _own_nodes(loop.body, (cst.Yield,)):  # type: ignore[attr-defined]
            value = yielded.value  # type: ignore[attr-defined]
            elements = [e.value for e in value.elements] if type(value) is cst.Tuple else [value]  # type: ignore[attr-defined]
            for element in elements:
                if (
                    type(element) is cst.Name and element.value not in bound  # type: ignore[attr-defined]
                    and _made_as_key(facts, element, function) and not any(f.key is element for f in found)  # type: ignore[arg-type]
                ):
                    found.append(KeyYieldedInLoop(function, element, loop))  # type: ignore[arg-type]
    return found


def _made_as_key(facts: ModuleFacts, name: cst.Name, scope: Scope) -> bool:
    """Whether every binding of ``name`` makes a key: a parameter annotated as one, or what
    `jax.random` returns (a name alone says little here: generators yield dict keys too)."""
    found = facts.resolver.lookup(name.value, scope)
    if found is None or not found[1]:
        return False
    where, bindings = found
    for binding in bindings:
        if binding.kind == "param":
            param = where.param(name.value) if isinstance(where, FunctionInfo) else None
            if param is None or not _annotated_as_key(param, facts, where):  # type: ignore[arg-type]
                return False
        elif binding.kind != "assign" or not _makes_keys(facts, _bound_value(binding), where):
            return False
    return True


def _own_nodes(node: cst.CSTNode, kinds: tuple[type, ...]) -> list[cst.CSTNode]:
    """The nodes of ``kinds`` under ``node``, not inside a function, lambda or class it defines."""
    found = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, kinds):
            found.append(current)
        if current is node or not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            stack.extend(reversed(children(current)))
    return found


def deleted_key_parameters(facts: ModuleFacts, function: FunctionInfo) -> list[tuple[Param, cst.Del]]:
    """Key parameters (see `looks_like_key`) that a `del` of the function's own body deletes
    and nothing else in it (nested functions included) reads."""
    node = function.node
    if not isinstance(node, cst.FunctionDef):
        return []
    sites = facts.sites_in(function, cst.Del)
    # The index's sites in the body itself: not in a class it defines (a lambda holds no `del`).
    statements = [s.node for s in sites if s.scope is function] if sites is not None else _own_nodes(node.body, (cst.Del,))
    deletions = [d for d in statements if type(d.target) is cst.Name]  # type: ignore[attr-defined]
    if not deletions:
        return []
    found = []
    for deletion in deletions:
        name = deletion.target.value  # type: ignore[attr-defined]
        param = function.param(name)
        if param is None or not looks_like_key(param, facts, function):
            continue
        occurrences = sum(1 for n in descendants(node.body) if type(n) is cst.Name and n.value == name)  # type: ignore[attr-defined]
        if occurrences == 1:
            found.append((param, deletion))
    return found


def overwrites_in(facts: ModuleFacts, function: FunctionInfo) -> list[KeyOverwrite]:
    """Key parameters rebound to `PRNGKey(...)`/`key(...)` by a top-level statement of the body
    before any statement reads them."""
    node = function.node
    if not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock):
        return []
    params = {p.name for p in function.params}
    rebound = {t.value for t, v in function.assignments if isinstance(t, cst.Name) and t.value in params and isinstance(v, cst.Call)}
    pending = {p.name: p for p in function.params if p.name in rebound and looks_like_key(p, facts, function)}
    found: list[KeyOverwrite] = []
    read: set[str] = set()
    # Rebound after a read: an overwrite when later statements still draw from the constant key
    # (`rng = PRNGKey(0)  # a dummy rng` then `split(rng)`), not when it is only handed back.
    later: dict[str, KeyOverwrite] = {}
    for statement in node.body.body:
        if not pending and not later:
            break
        target, value = _single_assignment(statement)
        if target is not None and target.value in pending and isinstance(value, cst.Call):
            name = facts.qualified_name(value.func, function)
            if name in names.PRNG_KEY_CONSTRUCTORS and not names_read(value) & computed_from(function, target.value):
                overwrite = KeyOverwrite(function, pending.pop(target.value), target, value)
                if target.value in read:
                    later[target.value] = overwrite
                else:
                    found.append(overwrite)
                continue
        used = names_read(statement)
        if not _is_return(statement):
            found.extend(later.pop(n) for n in used & later.keys())
        later = {n: o for n, o in later.items() if target is None or target.value != n}
        read.update(used & pending.keys())
    return found


def computed_from(function: FunctionInfo, name: str) -> set[str]:
    """``name`` and the plain names ``function`` binds from values that read it, through its
    assignments (`seed = uniform(key) + t`, then `seed = norm(seed)`). A key made from a seed so
    computed from the caller's key (`key = PRNGKey((seed * 1e8).astype(int))`) changes with that
    key: it is derived from it, not a constant that discards it (measured on jax 0.10.2: two
    caller keys give two different draws, tests/analysis/test_key_provenance.py)."""
    found = {name}
    grown = True
    while grown:
        grown = False
        for target, value in function.assignments:
            if value is None or not names_read(value) & found:
                continue
            for leaf in plain_target_names(target):
                if leaf not in found:
                    found.add(leaf)
                    grown = True
    return found


def plain_target_names(target: cst.BaseExpression) -> list[str]:
    """The plain names an assignment target binds (`seed`, `a, (b, c)`)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for element in target.elements for n in plain_target_names(element.value)]
    return [target.value] if type(target) is cst.Name else []  # type: ignore[attr-defined]


def default_key_reuses(facts: ModuleFacts, function: FunctionInfo) -> list[DefaultKeyReuse]:
    """Parameters defaulting to `PRNGKey(...)`/`key(...)` that a repeated call leaves out (in a
    loop, in a function that runs repeatedly, or from two places)."""
    found = []
    for param in function.params:
        default = param.default
        made = key_made_when_left_out(facts, function, param)
        seed = made is None
        if seed:
            made = _key_made_from_default_seed(facts, function, param)
        if made is None:
            continue
        omitting = [
            site for site in facts.frequency.call_sites(function)
            if isinstance(site.node, cst.Call) and _leaves_out(site.node, function, param, site.scope, facts)
        ]
        repeated = [
            site for site in omitting
            if site.loops or facts.frequency.runs_repeatedly(site.scope.enclosing_function)
        ] or (omitting if len(omitting) >= 2 else [])
        repeated += [site for site in _omitting_elsewhere(facts, function, param) if site.loops]
        if seed:
            # A seed left to its default in a loop over checkpoints or settings evaluates each
            # with the same key on purpose: only a loop repeating the very same call, or one
            # carrying a state through the call (the steps of one process), counts.
            repeated = [
                site for site in repeated
                if site.loops and (iterations_alike(site.loops[-1]) or carries_through(site.node, site.loops[-1]))  # type: ignore[arg-type]
            ]
        if repeated:
            site = repeated[0]
            assert isinstance(site.node, cst.Call)
            found.append(DefaultKeyReuse(
                function, param, made, site.node, site.scope.enclosing_function, made_in_body=made is not default,
                seed=seed,
            ))
    return found


def iterations_alike(loop: cst.CSTNode) -> bool:
    """Whether ``loop`` is a `for` loop or a comprehension whose body reads nothing its `for`
    binds (`for _ in range(n)`, `[env.reset() for _ in range(n)]`): every iteration runs the
    same code on the same values."""
    parts = loop_parts(loop)
    if parts is None:
        return False
    bound, body = parts
    return not any(bound & names_loaded(part) for part in body)


def loop_parts(loop: cst.CSTNode) -> tuple[set[str], list[cst.CSTNode]] | None:
    """The names the `for` clauses of a `for` loop or a comprehension bind, and the parts that
    run on each pass (its body; a comprehension's conditions and element). None: another loop."""
    if type(loop) is cst.For:
        targets, body = [loop.target], [loop.body]  # type: ignore[attr-defined]
    elif type(loop) in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
        targets, body, for_in = [], [], loop.for_in  # type: ignore[attr-defined]
        while for_in is not None:
            targets.append(for_in.target)
            body += [condition.test for condition in for_in.ifs]
            for_in = for_in.inner_for_in
        body += [getattr(loop, part) for part in ("elt", "key", "value") if getattr(loop, part, None) is not None]
    else:
        return None
    return {n.value for target in targets for n in (target, *descendants(target)) if type(n) is cst.Name}, body  # type: ignore[attr-defined]


def carries_through(call: cst.Call, loop: cst.CSTNode) -> bool:
    """Whether the `for` loop ``loop`` rebinds, from the result of ``call``, a name the call is
    given (`latents, state = scheduler.step(state, out, t, latents)`): each iteration continues
    what the one before computed, the steps of one process, not a comparison of settings (a
    diffusion sampler's denoising loop, case 1434: a step that makes its key from the same seed
    adds the same noise at every step; measured on jax 0.10.2, 3 of 3 steps)."""
    if type(loop) is not cst.For:
        return False
    given = {name for arg in call.args for name in names_read(arg.value)}
    for node in descendants(loop.body):  # type: ignore[attr-defined]
        if type(node) is cst.Assign and node.value is call:  # type: ignore[attr-defined]
            bound = {
                leaf.value for target in node.targets for leaf in (target.target, *descendants(target.target))  # type: ignore[attr-defined]
                if type(leaf) is cst.Name
            }
            return bool(bound & given)
    return False


def _first_statement_reading(body: Sequence[cst.BaseStatement], name: str) -> cst.CSTNode | None:
    """The first statement of ``body`` that reads ``name``, looking into the branches of an
    `if` and the body of a `with` (statements that run at most once per call): the simple
    statement there, or the compound one whose header reads it."""
    for statement in body:
        if type(statement) is cst.If:
            if name in names_read(statement.test):
                return statement
            orelse = statement.orelse
            branches = [_suite_statements(statement.body)]
            branches += [_suite_statements(orelse.body)] if type(orelse) is cst.Else else [[orelse]] if orelse is not None else []  # type: ignore[list-item]
        elif type(statement) is cst.With:
            if any(name in names_read(item) for item in statement.items):
                return statement
            branches = [_suite_statements(statement.body)]
        elif name in names_read(statement):
            return statement
        else:
            continue
        for branch in branches:
            found = _first_statement_reading(branch, name)
            if found is not None:
                return found
    return None


def _suite_statements(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    if isinstance(suite, cst.IndentedBlock):
        return suite.body
    return [cst.SimpleStatementLine(body=suite.body)]  # type: ignore[attr-defined]


def _key_made_from_default_seed(facts: ModuleFacts, function: FunctionInfo, param: Param) -> cst.Call | None:
    """The key a top-level statement of the body makes from ``param`` when its default is a
    written number (`def reset(self, seed: int = 0): key = PRNGKey(seed)`): every call that
    leaves the seed out makes the same key (gym's JAX blackjack, case 209: the same opening hand
    in 3 of 3 episodes on jax 0.10.2)."""
    node = function.node
    if type(param.default) is not cst.Integer or not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock):
        return None
    statement = _first_statement_reading(node.body.body, param.name)
    _, value = _single_assignment(statement) if statement is not None else (None, None)
    if (
        type(value) is cst.Call and _is_key_constructor(facts, value, function) and len(value.args) == 1  # type: ignore[arg-type]
        and type(value.args[0].value) is cst.Name and value.args[0].value.value == param.name  # type: ignore[union-attr]
    ):
        return value  # type: ignore[return-value]
    return None


def _omitting_elsewhere(facts: ModuleFacts, function: FunctionInfo, param: Param) -> list[Site]:
    """The calls of ``function`` in the other checked modules that import this one (for a
    method, or import a module that does) and leave ``param`` out (`env.reset()` for a method,
    `sample(n)` for a function of the module)."""
    project = facts.resolver.project
    module_level = function.parent is not None and (
        function.parent.kind == "module"
        or (function.owner_class is not None and function.owner_class.parent is not None and function.owner_class.parent.kind == "module")
    )
    if project is None or not module_level:
        return []
    method = function.owner_class is not None
    if method and function.method_kind != "instance":
        return []
    found = []
    # a method may be called through a subclass another module defines (`models.Renewal(Model)`)
    for site in project.calls_elsewhere(function.name, importing_this=True, through_importers=method) or []:
        call: cst.Call = site.node  # type: ignore[assignment]
        if method and type(call.func) is not cst.Attribute:
            continue
        bound = bind_call(call, function, 1 if method else 0)
        if bound.complete and all(p is not param for p, _ in bound.pairs):
            found.append(site)
    return found


def key_made_when_left_out(facts: ModuleFacts, function: FunctionInfo, param: Param) -> cst.Call | None:
    """The constant key ``function`` uses when a caller leaves ``param`` out: its default
    (`key=PRNGKey(0)`), or the key a top-level statement of the body makes from a written seed
    when it is None (`if rng is None: rng = PRNGKey(0)`)."""
    default = param.default
    if isinstance(default, cst.Call):
        return default if _is_key_constructor(facts, default, function.parent or function) else None
    node = function.node
    if default is None or not _is_none(default) or not isinstance(node, cst.FunctionDef) or not isinstance(node.body, cst.IndentedBlock):
        return None
    statements = node.body.body
    # The first top-level `if param is None:`, found before any statement is read whole.
    tested = next(
        (i for i, s in enumerate(statements) if isinstance(s, cst.If) and _tests_is_none(s.test, param.name)), None
    )
    if tested is None or any(param.name in names_read(s) for s in statements[:tested]):
        return None  # never tested, or read before the test
    suite = statements[tested].body
    line = suite.body[0] if isinstance(suite, cst.IndentedBlock) and len(suite.body) == 1 else (
        cst.SimpleStatementLine(body=suite.body) if isinstance(suite, cst.SimpleStatementSuite) else None
    )
    target, value = _single_assignment(line) if line is not None else (None, None)
    if (
        target is not None and target.value == param.name and isinstance(value, cst.Call)
        and _is_key_constructor(facts, value, function)
        and all(isinstance(arg.value, cst.Integer) for arg in value.args)
    ):
        return value
    return None


def _is_key_constructor(facts: ModuleFacts, call: cst.Call, scope: Scope) -> bool:
    name = facts.qualified_name(call.func, scope)
    return name is not None and names.canonical(name) in names.PRNG_KEY_CONSTRUCTORS


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _tests_is_none(test: cst.BaseExpression, name: str, negated: bool = False) -> bool:
    """`name is None` (with ``negated``, `name is not None` too)."""
    operators = (cst.Is, cst.IsNot) if negated else (cst.Is,)
    return (
        isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and test.left.value == name
        and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, operators)
        and _is_none(test.comparisons[0].comparator)
    )


def _leaves_out(call: cst.Call, function: FunctionInfo, param: Param, scope, facts: ModuleFacts) -> bool:
    offsets = [o for f, o in facts.staging.functions_of(call.func, scope) if f is function and o is not None]
    if not offsets:
        return False
    bound = bind_call(call, function, offsets[0])
    return bound.complete and all(p is not param for p, _ in bound.pairs)


def _is_return(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(isinstance(s, cst.Return) for s in statement.body)


def _single_assignment(statement: cst.CSTNode) -> tuple[cst.Name | None, cst.BaseExpression | None]:
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        small = statement.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            return small.targets[0].target, small.value
        if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
            return small.target, small.value
    return None, None
