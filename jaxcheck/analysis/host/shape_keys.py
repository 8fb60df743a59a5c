"""Shapes in the cache key: a traced argument of a host call of a jitted callable in a loop whose
shape changes from one iteration to the next, so that each new shape compiles again.

jit keys its cache on the shape of each traced argument (and, for a Python list, on its length:
the list is a pytree whose structure counts). Measured on jax 0.10.2: `x[:i]` for `i` in
`range(3)` compiles 3 times, a list appended to per iteration and passed (or stacked) 3 times,
the last, shorter batch of `range(0, n, size)` once more unless `size` divides `n`, an array
grown by `jnp.concatenate` per step once per step; `for positions in structures` over arrays of
known, different shapes once per shape (the interpreter's
:class:`~jaxcheck.analysis.interpret.events.ShapeDrift`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.collect import Site
from ..syntax.scopes import FunctionInfo, Scope
from ..syntax.walk import calls_name, children, descendants, names_read, repeating
from ..values import HostArray, Sequence, Tracer
from .cache_keys import local_value, per_call
from .windows import window_change
from .loops import (
    assignments_in, assignment_sites_by_loop, call_sites_by_loop, calls_in_repeating_loops, repeating_loops, repeating_varying_names,
    varying_names,
    yields_in_counting_loops,
)

if TYPE_CHECKING:
    from ..facts import ModuleFacts

# Calls that return their first argument grown along an axis.
_GROWING = frozenset(
    f"{module}.{name}"
    for module in ("jax.numpy", "numpy")
    for name in ("concatenate", "append", "vstack", "hstack", "row_stack", "column_stack", "pad")
)

_LIST_GROWERS = frozenset({"append", "extend", "insert"})
_STACKING = frozenset(f"{m}.{n}" for m in ("jax.numpy", "numpy") for n in ("stack", "array", "asarray", "concatenate"))
_UNEVEN_SPLITS = frozenset({"numpy.array_split", "jax.numpy.array_split"})
# Conversions whose result has their argument's shape (`jnp.asarray(features[idx])`).
_SHAPE_KEEPING = names.NUMPY_CONVERSIONS | {"jax.numpy.asarray", "jax.numpy.array", "jax.device_put"}


@dataclass(frozen=True)
class ShapeVariation:
    """A traced argument of a host call of a jitted callable whose shape changes between the
    iterations of a loop around the call: it reads a name that counts through the loop as a
    size or bound (`x[:i]`, `jnp.zeros(n)`), a name the loop grows (`history = jnp.concatenate(
    [history, y])`, a list appended to), the slice of a batch that comes out short at the end
    (``ragged``), or an item of a loop over arrays of known, different shapes."""

    call: cst.Call
    function: str  # the jitted callable, for messages
    param: str  # the parameter, or the argument as written with the path to the leaf that changes
    argument: cst.BaseExpression
    variable: str  # the name whose change changes the shape
    ragged: bool = False  # only the last batch differs, unless the batch size divides the length
    when: str = ""  # else when it changes, in words, where not on every iteration
    which: str = ""  # and which compiles again, in words


def find_shape_variations(facts: ModuleFacts) -> list[ShapeVariation]:
    """Traced arguments of jitted calls in loops whose shape changes between iterations (read it
    through ``facts.key_variations``, one per call, see key_variations.py)."""
    found: list[ShapeVariation] = []
    reported: set[cst.CSTNode] = set()
    for call in facts.jitted_calls:
        loops = repeating_loops(facts, call.site)
        if not loops:
            continue
        varying = repeating_varying_names(facts, call.site)
        grown = _grown_names(facts, loops)
        for param, argument in call.arguments:
            if call.static is not None and param.name in call.static:
                continue
            shape_variable = _shape_variable(facts, argument, call.site.scope, varying, grown, loops)
            if shape_variable:
                variable, ragged = shape_variable
                found.append(ShapeVariation(call.node, call.label, param.name, argument, variable, ragged))
                reported.add(argument)
    # Outside a loop of its own: an argument following a parameter that a caller's loop
    # changes, then a mask of the data a repeated function is handed.
    for per_call, which in ((_varying_shape_per_call, "each call"), (_masked_per_call, "each new count")):
        for call in facts.jitted_calls:
            if call.site.node in {variation.call for variation in found}:
                continue
            for param, argument in call.arguments:
                if call.static is not None and param.name in call.static:
                    continue
                passed = per_call(facts, call.site, argument)
                if passed is not None:
                    found.append(ShapeVariation(call.node, call.label, param.name, argument, *passed, which=which))
                    reported.add(argument)
                    break
    code = facts.module.code_for_node
    for drift in facts.shape_drifts:
        if drift.argument in reported:
            continue
        found.append(ShapeVariation(
            drift.call, f"`{code(drift.call.func)}`", code(drift.argument) + drift.path, drift.argument,
            code(drift.target), when=f"from one item to the next ({drift.first} then {drift.later})",
            which="each new shape",
        ))
    return found


def _varying_shape_per_call(facts: ModuleFacts, site: Site, argument: cst.BaseExpression) -> tuple[str, bool, str] | None:
    """`next_token(params, prompt)` in a loop that appends to `prompt`, then `forward(params,
    jnp.asarray(prompt))` in `next_token`: the shape of ``argument`` follows a parameter of the
    function around ``site`` that a loop calling that function passes with a new shape on each
    iteration (judged at that call as a shape in its own loop is). The parameter, whether only
    a ragged last batch differs, and when it changes, in words; None where none is seen.
    Measured on jax 0.10.2 (bench/measure_varying_parameters.py): a helper called with a list
    grown by each iteration compiles its jitted call once per length."""
    function = site.scope.enclosing_function
    if function is None or repeating_loops(facts, site):
        return None
    candidates = {
        param.name for param in function.params
        if (found := facts.resolver.lookup(param.name, function)) is not None
        and all(binding.kind == "param" for binding in found[1])
    }
    for caller_site, arguments in calls_in_repeating_loops(facts, function):
        loops = repeating_loops(facts, caller_site)
        varying = repeating_varying_names(facts, caller_site)
        grown = _grown_names(facts, loops)
        changing = {
            name for name in candidates
            if name in arguments and _shape_variable(facts, arguments[name], caller_site.scope, varying, grown, loops)
        }
        if not changing:
            continue
        found = _shape_variable(facts, argument, site.scope, set(), changing, [function.node])
        if found:
            return found[0], found[1], per_call(function, caller_site, "the loop")
    return None


def _masked_per_call(facts: ModuleFacts, site: Site, argument: cst.BaseExpression) -> tuple[str, bool, str] | None:
    """`episode_stats(lengths[mask], returns[mask])` in `log(self, logs)` with `mask` made from
    `logs`: a boolean mask of the data a function is handed keeps as many elements as are true,
    a count that follows the data, in a function that runs again and again (a call of it in a
    loop, here or in a module importing this one). The mask's name, and when it changes, in
    words; None where the mask does not read the function's parameters or the function may run
    once. Measured on jax 0.10.2 (bench/measure_carried_shapes.py): masks of 3, 5, 3 and 8 true
    elements compile 3 times."""
    function = site.scope.enclosing_function
    if function is None or repeating_loops(facts, site):
        return None
    mask = _boolean_mask(facts, argument, site.scope)
    if mask is None:
        return None
    params = {param.name for param in function.params} - {"self", "cls"}
    read = set(names_read(mask))
    if isinstance(mask, cst.Name):
        value = local_value(facts, mask, site.scope)
        read |= names_read(value) if isinstance(value, cst.BaseExpression) else set()
    if not read & params or not _runs_again(facts, function):
        return None
    name = facts.module.code_for_node(mask)
    return name, False, f"with the data of every call of `{function.qualname}`"


def _runs_again(facts: ModuleFacts, function: FunctionInfo) -> bool:
    """Whether ``function`` certainly runs more than once: a call of it in a loop (over a
    collection written there too), here or in a module importing this one; for a method, also
    a call by its name on an object this module does not type (`agent.log(...)` in a training
    loop)."""
    if facts.frequency.runs_per_item_anywhere(function):
        return True
    return function.owner_class is not None and not function.name.startswith("__") and any(
        isinstance(site.node, cst.Call) and isinstance(site.node.func, cst.Attribute)
        and calls_name(site.node, function.name) and repeating(site.loops)
        for site in facts.sites(cst.Call)
    )


def _boolean_mask(facts: ModuleFacts, argument: cst.BaseExpression, scope: Scope) -> cst.BaseExpression | None:
    """The boolean mask ``argument`` indexes an array with (`x[mask]`, `x[x > 0]`), through the
    conversions that keep a shape; None where it is not one."""
    if isinstance(argument, cst.Call) and facts.qualified_name(argument.func, scope) in _SHAPE_KEEPING and argument.args:
        return _boolean_mask(facts, argument.args[0].value, scope)
    if not isinstance(argument, cst.Subscript) or len(argument.slice) != 1:
        return None
    index = argument.slice[0].slice
    if not isinstance(index, cst.Index):
        return None
    if isinstance(index.value, cst.Comparison):
        return index.value
    held = facts.host_value(index.value)
    if type(held) in (HostArray, Tracer) and held.dtype in ("bool", "bool_"):  # type: ignore[attr-defined]
        return index.value
    return None


def _grown_names(facts: ModuleFacts, loops: list[cst.CSTNode]) -> set[str]:
    """Names rebound in one of ``loops`` to themselves grown (`x = jnp.concatenate([x, y])`)."""
    grown = set()
    by_loop = assignment_sites_by_loop(facts)
    in_loops = {id(site): site for loop in loops for site in by_loop.get(loop, ())}
    for site in in_loops.values():
        node = site.node
        if not isinstance(node, cst.Assign):
            continue
        value = node.value
        if not isinstance(value, cst.Call) or not value.args:
            continue
        if facts.qualified_name(value.func, site.scope) not in _GROWING:
            continue
        for target in node.targets:
            if (
                isinstance(target.target, cst.Name) and target.target.value in names_read(value.args[0].value)
                and _carried(facts, target.target.value, site, loops)
            ):
                grown.add(target.target.value)
    # A Python list appended to in the loop: its length is part of the pytree structure.
    calls_by_loop = call_sites_by_loop(facts)
    in_loops = {id(site): site for loop in loops for site in calls_by_loop.get(loop, ())}
    for site in in_loops.values():
        call = site.node
        assert isinstance(call, cst.Call)
        func = call.func
        if (
            isinstance(func, cst.Attribute) and func.attr.value in _LIST_GROWERS and isinstance(func.value, cst.Name)
            and (
                _fresh_list(facts, local_value(facts, func.value, site.scope), site.scope)
                or _list_parameter(facts, func.value, site.scope)
            )
            and not _same_length_per_iteration(facts, func.value, site, loops)
        ):
            grown.add(func.value.value)
    return grown


def _carried(facts: ModuleFacts, name: str, grower: Site, loops: list[cst.CSTNode]) -> bool:
    """Whether ``name``, grown at ``grower``, is carried from one pass to the next: no other
    statement of the loops around the call that hold ``grower`` binds it (`batch =
    data[i:i + B]` then `batch = jnp.pad(batch, ...)` pads each batch anew; `x = x[1:]` after
    the growth keeps a window of one length)."""
    around = [loop for loop in loops if loop in grower.loops]
    return bool(around) and all(
        site.node is grower.node
        for loop in around for site in assignment_sites_by_loop(facts).get(loop, ())
        if any(isinstance(target, cst.Name) and target.value == name for target in _targets(site.node))
    )


def _targets(statement: cst.CSTNode) -> list[cst.BaseExpression]:
    if isinstance(statement, cst.Assign):
        return [target.target for target in statement.targets]
    if isinstance(statement, cst.AugAssign):
        return [statement.target]
    return []


def _list_parameter(facts: ModuleFacts, name: cst.Name, scope: Scope) -> bool:
    """Whether ``name`` is a parameter that every call this module shows passes a Python list
    (`generate(f, [0], ...)` appending to `inputs`): the loop grows the caller's list."""
    found = facts.resolver.lookup(name.value, scope)
    if found is None or any(binding.kind != "param" for binding in found[1]):
        return False
    held = facts.host_value(name)
    return type(held) is Sequence and held.type == "list"  # type: ignore[attr-defined]


def _fresh_list(facts: ModuleFacts, value: cst.CSTNode | None, scope: Scope) -> bool:
    """Whether ``value`` makes a new list: a display, a comprehension, `list(...)`."""
    if isinstance(value, (cst.List, cst.ListComp)):
        return True
    return isinstance(value, cst.Call) and facts.qualified_name(value.func, scope) == "list"


def _same_length_per_iteration(facts: ModuleFacts, name: cst.Name, grower: Site, loops: list[cst.CSTNode]) -> bool:
    """Whether the list ``name`` that ``grower`` appends to has the same length at each call in
    ``loops`` (the loops around the jitted call): a loop among them binds it afresh (`storage =
    []`) on each iteration, and the appends of one iteration run a fixed number of times: not
    under a condition, and only in loops inside it that do not also repeat the call, each over
    `range(...)` of names that iteration does not assign, with no `break` (cleanba's rollout:
    `args.num_steps` appends per update). jit keys a list on its length, which is then the same
    on every call (measured on jax 0.10.2, bench/rebuilt_list_compiles.py: a list rebuilt with
    4 items on each of 5 iterations compiles once; appended to across them, 5 times)."""
    value = local_value(facts, name, grower.scope)
    binder = next(
        (site for loop in loops for site in assignment_sites_by_loop(facts).get(loop, ())
         if isinstance(site.node, cst.Assign) and site.node.value is value),
        None,
    )
    fresh = [loop for loop in loops if binder is not None and loop in binder.loops]
    if not fresh:
        return False
    renewing = fresh[-1]  # the innermost loop around the call that binds the list afresh
    inner = grower.loops[grower.loops.index(renewing) + 1:] if renewing in grower.loops else None
    if inner is None or any(loop in loops for loop in inner):
        return False  # appended outside that loop, or across the calls of a loop inside it
    assigned = {read for target, _ in assignments_in(facts, renewing) for read in names_read(target)}
    for loop in inner:
        if not (
            isinstance(loop, cst.For) and isinstance(loop.iter, cst.Call)
            and facts.qualified_name(loop.iter.func, grower.scope) == "range"
            and not names_read(loop.iter) & assigned
            and not any(isinstance(node, cst.Break) for node in descendants(loop.body))
        ):
            return False
    return not _under_a_condition(grower.node, renewing.body)  # type: ignore[attr-defined]


def _under_a_condition(node: cst.CSTNode, body: cst.CSTNode) -> bool:
    """Whether ``node`` sits in ``body`` under an `if`, `try` or `while`: it may run or not."""
    stack = [(body, False)]
    while stack:
        current, conditional = stack.pop()
        if current is node:
            return conditional
        conditional = conditional or isinstance(current, (cst.If, cst.IfExp, cst.Try, cst.While))
        stack.extend((child, conditional) for child in children(current))
    return True


def _shape_variable(
    facts: ModuleFacts, argument: cst.BaseExpression, scope: Scope, varying: set[str], grown: set[str],
    loops: list[cst.CSTNode], _depth: int = 0,
) -> tuple[str, bool] | None:
    """The loop variable that the shape of ``argument`` depends on, if it visibly does, and
    whether only the last (ragged) batch differs; ``loops`` are those around the call,
    innermost last."""
    if _depth > 5:
        return None
    loop = loops[-1]
    if isinstance(argument, cst.Name):
        if argument.value in grown:
            return argument.value, False
        if _split_unevenly(facts, argument, loop, scope):
            return argument.value, True
        value = local_value(facts, argument, scope) or _rebound_in_loop(facts, argument, loop)
        if isinstance(value, cst.BaseExpression):  # `batch = data[i:]` then `step(batch)`
            return _shape_variable(facts, value, scope, varying, grown, loops, _depth + 1)
        return _yielded_shape_variable(facts, argument, scope, loop, _depth + 1)
    if isinstance(argument, cst.DictComp):  # `{k: v[i:i + size] for k, v in data.items()}`
        return _shape_variable(facts, argument.value, scope, varying, grown, loops, _depth + 1)
    if isinstance(argument, (cst.Dict, cst.Tuple, cst.List)):
        # `{'image': x[i:i + size], 'label': y[i:i + size]}`: a container is a pytree, and jit
        # keys it on the shape of every leaf.
        for element in argument.elements:
            if isinstance(element, (cst.StarredElement, cst.StarredDictElement)):
                continue
            found = _shape_variable(facts, element.value, scope, varying, grown, loops, _depth + 1)
            if found:
                return found
        return None
    if isinstance(argument, cst.BinaryOperation):  # broadcasting keeps a varying shape
        return _shape_variable(facts, argument.left, scope, varying, grown, loops, _depth + 1) or _shape_variable(
            facts, argument.right, scope, varying, grown, loops, _depth + 1
        )
    if isinstance(argument, cst.Subscript):
        base = argument.value
        if isinstance(base, cst.Name) and base.value in grown and _keeps_growing(argument):
            return base.value, False
        for element in argument.slice:
            part = element.slice
            if isinstance(part, cst.Index) and isinstance(part.value, cst.Comparison):
                # `row[row != pad]`: a mask of per-iteration data keeps a data-dependent count.
                per_iteration = varying | (names_read(loop.target) if isinstance(loop, cst.For) else set())
                masked = names_read(part.value) & per_iteration
                if masked:
                    return sorted(masked)[0], False
            if isinstance(part, cst.Index) and isinstance(part.value, cst.Name):
                # `features[idx]` with an array of indices: as many rows as `idx` has.
                found = _shape_variable(facts, part.value, scope, varying, grown, loops, _depth + 1)
                if found:
                    return found
            if not isinstance(part, cst.Slice) or part.step is not None:
                continue
            window = window_change(facts, part, loops, scope)
            if window is not None:
                return window[0], window[1] == "last"
            lower = names_read(part.lower) & varying if part.lower else set()
            upper = names_read(part.upper) & varying if part.upper else set()
            if bool(lower) != bool(upper):
                return sorted(lower | upper)[0], False
        return None
    if isinstance(argument, cst.Call):
        qualified = facts.qualified_name(argument.func, scope)
        if qualified in _STACKING and argument.args and isinstance(argument.args[0].value, cst.Name):
            if argument.args[0].value.value in grown:  # `jnp.stack(frames)` of a growing list
                return argument.args[0].value.value, False
        if qualified in _SHAPE_KEEPING and argument.args:
            return _shape_variable(facts, argument.args[0].value, scope, varying, grown, loops, _depth + 1)
        if qualified in names.TREE_MAPS or facts.staging.functions_of(argument.func, scope):
            # `jax.tree.map(lambda a: a[i:i + size], rays)`, or a helper of the checked code
            # mapping it over a tuple's fields: each leaf is cut as the lambda cuts it.
            for arg in argument.args:
                if isinstance(arg.value, cst.Lambda):
                    found = _shape_variable(facts, arg.value.body, scope, varying, grown, loops, _depth + 1)
                    if found:
                        return found
        sizes = shape_arguments(qualified)
        if not sizes:
            return _ragged_through_helper(facts, argument, scope, varying, grown, loops, _depth + 1)
        given = [_argument(argument, position, keyword) for position, keyword in sizes]
        given = [g for g in given if g is not None]
        depending = [names_read(g) & varying for g in given]
        if any(depending) and (len(given) == 1 or not all(depending)):
            return sorted(set().union(*depending))[0], False
    return None


def _keeps_growing(subscript: cst.Subscript) -> bool:
    """Whether a slice of a growing sequence grows with it, up to a cap: the last `m`
    (`tokens[-max_len:]`), the first `m` (`tokens[:m]`), or all of it."""
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Slice):
        return False
    part = subscript.slice[0].slice
    assert isinstance(part, cst.Slice)
    if part.step is not None:
        return False
    negative = isinstance(part.lower, cst.UnaryOperation) and isinstance(part.lower.operator, cst.Minus)
    return part.lower is None or (part.upper is None and negative)


def _rebound_in_loop(facts: ModuleFacts, name: cst.Name, loop: cst.CSTNode) -> cst.BaseExpression | None:
    """What ``loop`` binds ``name`` to, where it does once: what the call reads from the second
    iteration on (`input_window = inputs` before the loop, `input_window = inputs[-max_len:]`
    at the end of its body). Not a call's result: `w = step(w, batch)` carries what the call
    returns, whose shape need not follow its arguments."""
    bound = [
        site.node.value for site in assignment_sites_by_loop(facts).get(loop, ())
        if isinstance(site.node, cst.Assign)
        and any(isinstance(t.target, cst.Name) and t.target.value == name.value for t in site.node.targets)
    ]
    return bound[0] if len(bound) == 1 and not isinstance(bound[0], cst.Call) else None


def _yielded_shape_variable(
    facts: ModuleFacts, name: cst.Name, scope: Scope, loop: cst.CSTNode, depth: int
) -> tuple[str, bool] | None:
    """`for xb, yb in batches(x, y, size)`: what a generator of the checked code yields at the
    position ``name`` is bound to, on each pass of a counting loop of its own, judged there
    (`yield x[i:i + size]` over `range(0, len(x), size)`: a ragged last batch)."""
    if not (isinstance(loop, cst.For) and isinstance(loop.iter, cst.Call)):
        return None
    position = _target_position(loop.target, name.value)
    if position is None:
        return None
    for function, _ in facts.staging.functions_of(loop.iter.func, scope):
        for own_loop, value in yields_in_counting_loops(facts, function):
            if position >= 0:
                if not isinstance(value, cst.Tuple) or len(value.elements) != len(loop.target.elements):
                    continue
                value = value.elements[position].value
            own_varying = varying_names(facts, own_loop, function)
            found = _shape_variable(facts, value, function, own_varying, set(), [own_loop], depth)
            if found:
                return name.value, found[1]
    return None


def _target_position(target: cst.BaseExpression, name: str) -> int | None:
    """-1 when the loop binds ``name`` to the whole item, its index in a tuple target, else None."""
    if isinstance(target, cst.Name):
        return -1 if target.value == name else None
    if isinstance(target, (cst.Tuple, cst.List)):
        for index, element in enumerate(target.elements):
            if isinstance(element.value, cst.Name) and element.value.value == name:
                return index
    return None


def _ragged_through_helper(
    facts: ModuleFacts, call: cst.Call, scope: Scope, varying: set[str], grown: set[str], loops: list[cst.CSTNode], depth: int
) -> tuple[str, bool] | None:
    """`step(shard(batch))` with a ragged last `batch`: a function of the checked code that
    reshapes or regroups its argument (`shard`, `to_device`) hands the short batch on."""
    if not facts.staging.functions_of(call.func, scope):
        return None
    for arg in call.args:
        found = _shape_variable(facts, arg.value, scope, varying, grown, loops, depth)
        if found and found[1]:
            return found
    return None


def _split_unevenly(facts: ModuleFacts, name: cst.Name, loop: cst.CSTNode, scope: Scope) -> bool:
    """`for xb in np.array_split(data, k)`: the pieces differ in length unless `k` divides it
    (`array_split` exists for that case; `np.split` raises instead)."""
    if not (isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and loop.target.value == name.value):
        return False
    iterable = loop.iter
    return isinstance(iterable, cst.Call) and facts.qualified_name(iterable.func, scope) in _UNEVEN_SPLITS


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    positional = [a for a in call.args if a.keyword is None and not a.star]
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return positional[position].value if position < len(positional) else None


NUMPY_PREFIX = "numpy."


def shape_arguments(qualified: str | None) -> tuple[tuple[int, str], ...] | None:
    """The shape-determining arguments of a `jax.numpy`/`numpy`/`jax.random` constructor."""
    if qualified is None:
        return None
    if qualified.startswith(NUMPY_PREFIX):
        qualified = "jax." + qualified
    return names.SHAPE_ARGUMENTS.get(qualified)
