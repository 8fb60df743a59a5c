from __future__ import annotations

import libcst as cst

from ... import names
from ...analysis import ModuleFacts, Scope
from ..base import Context, Rule, invalid, valid
from ...analysis.syntax.walk import descendants, names_read
from ._common import (
    assignment_sites_by_loop, call_sites_by_loop, jitted_calls, local_value, repeating_loops, repeating_varying_names,
    shape_arguments, varying_names, yields_in_counting_loops,
)

# Calls that return their first argument grown along an axis.
_GROWING = frozenset(
    f"{module}.{name}"
    for module in ("jax.numpy", "numpy")
    for name in ("concatenate", "append", "vstack", "hstack", "row_stack", "column_stack")
)

# Why a loop over sizes written at the loop looks deliberate (the `info` reason).
_SWEEP = "the loop sweeps sizes the code writes, as a benchmark or a test of sizes does: one compile per size is the intent"

_LIST_GROWERS = frozenset({"append", "extend", "insert"})
_STACKING = frozenset(f"{m}.{n}" for m in ("jax.numpy", "numpy") for n in ("stack", "array", "asarray", "concatenate"))
_UNEVEN_SPLITS = frozenset({"numpy.array_split", "jax.numpy.array_split"})
# Conversions whose result has their argument's shape (`jnp.asarray(features[idx])`).
_SHAPE_KEEPING = names.NUMPY_CONVERSIONS | {"jax.numpy.asarray", "jax.numpy.array", "jax.device_put"}


class ShapeVariesInLoop(Rule):
    """
    ## What it does
    Checks for a jitted callable called in a loop with an argument whose shape depends on the
    loop variable: a slice with one bound on it (`x[:i]`, `x[i:]`), an array constructor sized
    by it (`jnp.arange(i)`, `jnp.zeros(i)`, `jnp.ones((i, d))`), an array grown in the loop
    (`x = jnp.concatenate([x, y])`) or a Python list appended to in the loop (its length is
    part of the pytree structure), a boolean mask of per-iteration data (`row[row != pad]`),
    arithmetic on one of these, or a name bound to one; and the ragged last batch of
    `for start in range(0, n, size): step(data[start:start + size])`, shorter unless `size`
    divides `n` (also clamped, `data[start:min(start + size, stop)]`), also when a generator of
    the checked code yields those slices (alone, in a tuple or a dict comprehension) and the
    loop passes them on, directly, converted (`jnp.asarray(batch)`), as the rows they index
    (`features[idx]` for a yielded `idx`) or through a helper of the checked code
    (`step(shard(batch))`), or of `for batch in np.array_split(data, k)`. Calls through `jax.grad` and
    `jax.value_and_grad` count: they pass their arguments to the jitted function as they are.
    A loop over arrays whose different shapes the checked code shows one by one (a list built
    as `[rng.uniform(size=(n, 3)) for n in (5, 6, 7)]` and handed to the looping function), or
    over strings or lists of different known lengths (the prompts a caller serves), is
    followed item by item, through helpers of other modules too: an argument whose shape
    follows the item (each structure padded to its own size, `np.zeros((len(x) + 1, 3))`, the
    token ids of each prompt, `jnp.array([VOCAB[w] for w in prompt.split()])`) is reported;
    one padded to a bucket (`(len(x) + 8) // 8 * 8`) is not. So is a loop or comprehension over
    a handful of known numbers or tuples of them (`for n_active in [9, 12, 7, 15]`, the
    `(f_min, f_max, n_bins)` of each band) whose items size an argument
    (`jax.random.uniform(key, (n, d))`, `jnp.arange(n)`, `jnp.geomspace(f_min, f_max, n_bins)`,
    `jnp.concatenate` of pieces sized by the item), also when the jitted call is in a helper
    the loop calls.

    ## Why is this bad?
    Compiled programs are specialised to the shapes of their arguments: each new shape traces
    and compiles again. Measured on jax 0.10.2: `hj(jnp.arange(i))` for three values of `i`
    compiles three times, and so does calling it on an array grown by `jnp.concatenate` on
    each of three iterations.

    ## Example
    ```python
    for i in range(1, n):
        total = prefix_sum(x[:i])
    ```

    ## Use instead
    ```python
    for i in range(1, n):
        total = prefix_sum(x, i)  # a fixed shape; mask with `jnp.arange(len(x)) < i` inside
    ```

    ## Known problems
    Slices with both bounds on the loop variable (`x[i:i + batch]`) keep their length and are
    not reported, including a ragged last batch. Only counting loops (`range(...)`, the index
    of `enumerate(...)`, `while` counters) and data streams (what a generator of the checked
    code works out anew on each pass of a counting loop of its own before yielding it) are
    checked for sizes, besides the items followed one by one. A sweep over sizes the code
    writes (`for n in (8, 16, 32)`, a default `sizes = [1, 2, 4, 8]` looped over, also in a
    comprehension), or over any collection written at the loop, compiles once per size, as a
    benchmark or a test of sizes means it to: its finding is `info`, left out unless
    `--show-info` asks for it. Arrays or prompts of different shapes stay an error. Items whose shapes
    the checked code does not show (data loaded from files, more than 8 items) are not
    followed one by one.
    """

    CODE = "JAX404"
    NAME = "shape-varies-in-loop"
    MESSAGE = "Argument `{param}` of {function} changes shape with `{variable}` {when}, so {which} compiles again"
    FIX_TITLE = "Pad or mask to a fixed shape, or bucket the sizes"

    def check(self, context: Context) -> None:
        facts = context.facts
        reported: set[cst.CSTNode] = set()
        for call in jitted_calls(facts):
            loops = repeating_loops(facts, call.site)
            if not loops:
                continue
            varying = repeating_varying_names(facts, call.site)
            grown = _grown_names(facts, loops)
            for param, argument in call.arguments:
                if call.static is not None and param.name in call.static:
                    continue
                found = _shape_variable(facts, argument, call.site.scope, varying, grown, loops[-1])
                if found:
                    variable, ragged = found
                    when, which = (
                        ("on the last batch, unless the batch size divides the length", "that batch")
                        if ragged else ("on every loop iteration", "each iteration")
                    )
                    context.report(
                        self, argument, param=param.name, function=call.label, variable=variable, when=when, which=which
                    )
                    reported.add(argument)
        for drift in facts.shape_drifts:
            if drift.argument in reported:
                continue
            context.report(
                self, drift.argument, deliberate=_SWEEP if drift.swept else None,
                param=context.code(drift.argument) + drift.path,
                function=f"`{context.code(drift.call.func)}`", variable=context.code(drift.target),
                when=f"from one item to the next ({drift.first} then {drift.later})", which="each new shape",
            )

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(w, x):
                return w - x.mean(0)

            def batches():
                for start in range(0, 96, 16):  # 16 divides 96: no short batch
                    yield jnp.arange(96)[start:min(start + 16, 96)]

            def epoch(w, features):
                for idx in batches():
                    w = step(w, jnp.asarray(features[idx]))
                return w
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def step(w, xb):
                return w - xb.mean()

            def batches(x, size, drop_remainder=True):
                n = len(x) - (len(x) % size if drop_remainder else 0)
                for start in range(0, n, size):
                    yield x[start:start + size]

            def train(w, x):
                for xb in batches(x, 8):  # the ragged remainder is dropped
                    w = step(w, xb)
                return w
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def encode(tokens):
                return jnp.cumsum(tokens)

            def run(batch, data, table):
                frames = []
                for row in batch:
                    frames.append(encode(jnp.where(row != 0, row, 0)))
                    encode(table[table > 0])  # the same mask every iteration
                for xb in np.split(data, 3):  # equal pieces, or `np.split` raises
                    encode(xb)
                return frames
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def f(x):
                return x.sum()

            for i in range(0, 1000, 100):
                f(data[i:i + 100])  # the same length every iteration
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def f(x):
                return x.sum()

            for n in (5, 6, 7):
                f(jnp.zeros((n + 7) // 8 * 8))  # every size padded to one bucket of 8
            """
        ),
        valid(
            """
            from jax import jit
            import jax.numpy as jnp

            def total(x, i):
                return jnp.where(jnp.arange(x.shape[0]) < i, x, 0).sum()

            g = jit(total)
            for i in range(10):
                g(x, i)
                g(x[i], i)  # indexing keeps the shape
            """
        ),
        valid(
            """
            import numba
            import numpy as np

            @numba.jit
            def f(x):
                return x.sum()

            for i in range(10):
                f(np.zeros(i))
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def some_func(vec, indices):
                return vec[indices].sum()

            def gather(x, index_sets):
                for indices in index_sets:  # each new length compiles again (jax 0.10.2: 3 traces)
                    li = jnp.asarray(indices)
                    some_func(x, li)

            gather(jnp.ones(10), [[0, 1, 2, 3, 4], [0, 2, 4, 6, 8, 1, 3, 5], [9, 8, 7]])
            """,
            line=11,
            message_contains="changes shape with `indices` from one item to the next ((5,) then (8,))",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def prefill(input_ids):
                return jnp.cumsum(input_ids, axis=1)

            def tokenize(text):
                return jnp.array([[ord(c) % 32 for c in text]])

            def serve(prompts):
                return sum(prefill(tokenize(p)).sum() for p in prompts)

            serve(["hi", "hello", "hey there"])
            """,
            line=12,
            message_contains="((1, 2) then (1, 5))",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def step(w, x):
                return w - x.mean(0)

            def block_batches(n_rows, block_rows, size):
                order = np.random.default_rng(0).permutation(n_rows)
                for rstart in range(0, n_rows, block_rows):
                    rstop = min(rstart + block_rows, n_rows)
                    for start in range(rstart, rstop, size):
                        yield order[start:min(start + size, rstop)]

            def epoch(w, features):
                for idx in block_batches(len(features), 40, 16):
                    w = step(w, jnp.asarray(features[idx]))
                return w
            """,
            line=18,
            message_contains="changes shape with `idx` on the last batch",
        ),
        invalid(
            """
            import jax

            p_eval = jax.pmap(lambda b: b["x"].sum())

            def loader(data, size):
                for start in range(0, len(data["x"]), size):
                    yield {k: v[start:start + size] for k, v in data.items()}

            def shard(batch):
                return jax.tree_util.tree_map(lambda x: x.reshape((1, -1) + x.shape[1:]), batch)

            def evaluate(data):
                for batch in loader(data, 32):
                    p_eval(shard(batch))
            """,
            line=14,
            message_contains="changes shape with `batch` on the last batch",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def total(x):
                return x.sum()

            def stream(count, rng):
                for i in range(count):
                    n = int(rng.integers(3, 6))  # a size drawn for each item
                    yield i, n

            def run(rng):
                for i, n in stream(8, rng):
                    total(jnp.zeros(n))
            """,
            line=15,
            message_contains="changes shape with `n`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def encode(tokens):
                return jnp.cumsum(tokens)

            def run(batch, data):
                frames = []
                for row in batch:
                    encode(row[row != 0])
                    frames.append(row)
                    encode(jnp.stack(frames))
                for xb in np.array_split(data, 3):
                    encode(xb)
            """,
            line=12,
            lines=(12, 14, 16),
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(params, batch):
                return params - 0.01 * batch.mean(0)

            def train_epoch(params, data, batch_size=32):
                for start in range(0, len(data), batch_size):
                    batch = data[start:start + batch_size]
                    params = step(params, batch)
                for t in range(1, 4):
                    params = step(params, jnp.zeros((t, 3)) + 1.0)
                return params
            """,
            line=11,
            message_contains="changes shape with `start` on the last batch",
            lines=(11, 13),
        ),
        invalid(
            """
            import jax

            @jax.jit
            def prefix_sum(x):
                return x.sum()

            for i in range(1, 10):
                prefix_sum(x[:i])
            """,
            line=8,
            message_contains="`i`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def window_loss(w, xs):
                return jnp.mean((w * xs) ** 2)

            def train(w, xs, steps=3):
                for t in range(1, steps + 1):
                    # grad calls the jitted function with these arguments, as they are.
                    w = w - 0.1 * jax.grad(window_loss)(w, xs[:, :t])
                return w
            """,
            line=11,
            message_contains="`xs` of `window_loss`",
        ),
        invalid(
            """
            import jax as jx
            import jax.numpy as jnp

            hj = jx.jit(lambda v: v.sum())
            for i in range(1, 4):
                hj(jnp.ones((i, 3)))
            """,
            line=6,
        ),
        invalid(
            """
            from jax import jit
            import jax.numpy as jnp

            def mean(xs):
                return xs.mean()

            step = jit(mean)
            history = jnp.zeros(1)
            for batch in batches:
                history = jnp.concatenate([history, batch.sum()[None]])
                step(history)
            """,
            line=11,
            message_contains="`history`",
        ),
    ]


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
            if isinstance(target.target, cst.Name) and target.target.value in names_read(value.args[0].value):
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
            and isinstance(local_value(facts, func.value, site.scope), (cst.List, cst.ListComp))
        ):
            grown.add(func.value.value)
    return grown


def _shape_variable(
    facts: ModuleFacts, argument: cst.BaseExpression, scope: Scope, varying: set[str], grown: set[str],
    loop: cst.CSTNode, _depth: int = 0,
) -> tuple[str, bool] | None:
    """The loop variable that the shape of ``argument`` depends on, if it visibly does, and
    whether only the last (ragged) batch differs."""
    if _depth > 5:
        return None
    if isinstance(argument, cst.Name):
        if argument.value in grown:
            return argument.value, False
        if _split_unevenly(facts, argument, loop, scope):
            return argument.value, True
        value = local_value(facts, argument, scope)  # `batch = data[i:]` then `step(batch)`
        if isinstance(value, cst.BaseExpression):
            return _shape_variable(facts, value, scope, varying, grown, loop, _depth + 1)
        return _yielded_shape_variable(facts, argument, scope, loop, _depth + 1)
    if isinstance(argument, cst.DictComp):  # `{k: v[i:i + size] for k, v in data.items()}`
        return _shape_variable(facts, argument.value, scope, varying, grown, loop, _depth + 1)
    if isinstance(argument, cst.BinaryOperation):  # broadcasting keeps a varying shape
        return _shape_variable(facts, argument.left, scope, varying, grown, loop, _depth + 1) or _shape_variable(
            facts, argument.right, scope, varying, grown, loop, _depth + 1
        )
    if isinstance(argument, cst.Subscript):
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
                found = _shape_variable(facts, part.value, scope, varying, grown, loop, _depth + 1)
                if found:
                    return found
            if not isinstance(part, cst.Slice) or part.step is not None:
                continue
            lower = names_read(part.lower) & varying if part.lower else set()
            upper = names_read(part.upper) & varying if part.upper else set()
            if bool(lower) != bool(upper):
                return sorted(lower | upper)[0], False
            if lower and _ragged_batch(facts, part, loop):
                return sorted(lower)[0], True
        return None
    if isinstance(argument, cst.Call):
        qualified = facts.qualified_name(argument.func, scope)
        if qualified in _STACKING and argument.args and isinstance(argument.args[0].value, cst.Name):
            if argument.args[0].value.value in grown:  # `jnp.stack(frames)` of a growing list
                return argument.args[0].value.value, False
        if qualified in _SHAPE_KEEPING and argument.args:
            return _shape_variable(facts, argument.args[0].value, scope, varying, grown, loop, _depth + 1)
        sizes = shape_arguments(qualified)
        if not sizes:
            return _ragged_through_helper(facts, argument, scope, varying, grown, loop, _depth + 1)
        given = [_argument(argument, position, keyword) for position, keyword in sizes]
        given = [g for g in given if g is not None]
        depending = [names_read(g) & varying for g in given]
        if any(depending) and (len(given) == 1 or not all(depending)):
            return sorted(set().union(*depending))[0], False
    return None


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
            found = _shape_variable(facts, value, function, own_varying, set(), own_loop, depth)
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
    facts: ModuleFacts, call: cst.Call, scope: Scope, varying: set[str], grown: set[str], loop: cst.CSTNode, depth: int
) -> tuple[str, bool] | None:
    """`step(shard(batch))` with a ragged last `batch`: a function of the checked code that
    reshapes or regroups its argument (`shard`, `to_device`) hands the short batch on."""
    if not facts.staging.functions_of(call.func, scope):
        return None
    for arg in call.args:
        found = _shape_variable(facts, arg.value, scope, varying, grown, loop, depth)
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


def _ragged_batch(facts: ModuleFacts, part: cst.Slice, loop: cst.CSTNode) -> bool:
    """`data[start:start + size]` in `for start in range(0, n, size)`: every batch has `size`
    rows but the last, which is shorter unless `size` divides `n`, and compiles again."""
    if not (isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and isinstance(loop.iter, cst.Call)):
        return False
    steps = [a.value for a in loop.iter.args if a.keyword is None]
    if not (isinstance(loop.iter.func, cst.Name) and loop.iter.func.value == "range" and len(steps) == 3):
        return False
    upper = part.upper
    if not (isinstance(part.lower, cst.Name) and part.lower.value == loop.target.value):
        return False
    if isinstance(upper, cst.Call) and isinstance(upper.func, cst.Name) and upper.func.value == "min":
        # `data[start:min(start + size, stop)]`: clamped to the end, the last batch is as short.
        upper = next((a.value for a in upper.args if isinstance(a.value, cst.BinaryOperation)), None)
    if not (isinstance(upper, cst.BinaryOperation) and isinstance(upper.operator, cst.Add)):
        return False
    code = facts.module.code_for_node
    if code(upper.left).strip() != loop.target.value or code(upper.right).strip() != code(steps[2]).strip():
        return False
    return not _multiple_of(facts, steps[1], steps[2], loop)


def _multiple_of(facts: ModuleFacts, stop: cst.BaseExpression, step: cst.BaseExpression, loop: cst.CSTNode) -> bool:
    """Whether ``stop`` is visibly a multiple of ``step``: literals that divide, or
    `n // step * step` (also through a name bound to it)."""
    if isinstance(stop, cst.Integer) and isinstance(step, cst.Integer):
        return int(stop.value, 0) % max(int(step.value, 0), 1) == 0
    if isinstance(stop, cst.Name):
        for site in facts.sites(cst.Assign):
            node = site.node
            targets = [t.target for t in node.targets]
            if any(isinstance(t, cst.Name) and t.value == stop.value for t in targets):
                return _multiple_of(facts, node.value, step, loop)
        return False
    code = facts.module.code_for_node
    if isinstance(stop, cst.BinaryOperation) and isinstance(stop.operator, cst.Subtract):
        # `len(x) - len(x) % step`, or `- (len(x) % step if drop_remainder else 0)`: the remainder
        # dropped (where a flag keeps it, the caller chose to).
        return any(
            isinstance(n, cst.BinaryOperation) and isinstance(n.operator, cst.Modulo)
            and code(n.right).strip() == code(step).strip()
            for n in descendants(stop.right)
        )
    return (
        isinstance(stop, cst.BinaryOperation) and isinstance(stop.operator, cst.Multiply)
        and code(stop.right).strip() == code(step).strip()
        and isinstance(stop.left, cst.BinaryOperation) and isinstance(stop.left.operator, cst.FloorDivide)
    )


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    positional = [a for a in call.args if a.keyword is None and not a.star]
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return positional[position].value if position < len(positional) else None
