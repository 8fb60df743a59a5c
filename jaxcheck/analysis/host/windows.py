"""The length of a slice that a host loop moves: `x[i:i + B]`, `x[b * B:(b + 1) * B]`,
`x[p:min(n, p + B)]` with `p += B`, `x[:, :t]`, as a function of the iteration.

Each bound is read as a linear form in the loop's iteration count ``k`` (0, 1, 2, ...) over the
names the loop does not change: the target of `range(start, stop, step)` is `start + step * k`,
the index of `enumerate` is `k`, a name the loop body steps once per pass by a fixed amount
(`p += B`, in a `for` or a `while`) is `p0 + B * k`, a name the body binds once from those is
their form (`end = start + B`); any other name the loops bind (an item, a value bound twice)
is no invariant, and a bound reading it is not read. The window's length is upper minus lower:

- it reads ``k``: the length changes on every iteration (`x[:t]`, `x[b * B:n]`);
- it does not, the window moves by its own length and the loop runs until it covers a length
  ``n`` that its step may not divide (`range(0, n, B)`, `range(ceil(n / B))`, `range((n + B -
  1) // B)`, `while p < n`): every window has ``B`` rows but the last, which has what is left,
  also where the bound is clamped (`min(p + B, n)`). Unless ``B`` visibly divides ``n``
  (numbers, also those the interpreter found the names hold on every run; `n // B * B`; `n - n
  % B`); a loop over `range(n // B)` drops the remainder and keeps one length.

Measured on jax 0.10.2 (bench/measure_batch_windows.py): 10 rows in windows of 4 compile twice
over `range(ceil(n / B))`, `range((n + B - 1) // B)`, `p += B` with `min(n, p + B)`, `while p <
n` and `range(0, n, B)` through `jax.tree.map(lambda a: a[i:i + B], pair)`; once over
`range(n // B)`, with 12 rows, padded to ``B`` rows, or with `lax.dynamic_slice` of a static
size; `x[b * 3:n]` over `range(3)` three times.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import libcst as cst

from ..syntax.scopes import Scope
from ..syntax.walk import descendants, names_read
from ..values import Const
from .cache_keys import local_value
from .loops import assignments_in

if TYPE_CHECKING:
    from ..facts import ModuleFacts

# A linear form: monomial -> coefficient. A monomial is the sorted tuple of the code of its
# loop-invariant factors, with ``K`` for the iteration count; () is the constant 1.
Linear = dict[tuple[str, ...], int]
K = "\0k"

# How a window's length behaves over the loop's iterations.
Change = Literal["every", "last"]


@dataclass(frozen=True)
class Counter:
    """A name that counts through a loop: its value on pass ``k`` as a linear form, and how
    many passes the loop makes, as written (`range(ceil(n / B))`, `p < n`)."""

    value: Linear | None  # None: the loop binds the name to what is not a linear form
    loop: cst.For | cst.While
    # Bound in the loop body from counters (`end = start + size`), rather than counting itself.
    derived: bool = False


def window_change(
    facts: ModuleFacts, part: cst.Slice, loops: list[cst.CSTNode], scope: Scope
) -> tuple[str, Change] | None:
    """The counter that moves the slice ``part`` in one of ``loops`` (innermost last), and
    whether the slice's length changes on every iteration or only on the last, ragged one;
    None where its length stays the same or cannot be told."""
    if part.step is not None:
        return None
    known: dict[str, int] = {}
    counters = _counters(facts, loops, scope, known)
    if not counters:
        return None
    lower = _linear(facts, part.lower, counters, scope, known) if part.lower is not None else {}
    upper = _upper(facts, part.upper, counters, scope, known)
    if lower is None or upper is None:
        return None
    read = names_read(part)
    moving = sorted(name for name, counter in counters.items() if name in read and not counter.derived)
    moving += sorted(
        name for name, counter in counters.items()
        if name in read and counter.derived and counter.value is not None and any(K in m for m in counter.value)
    )
    if not moving:
        return None
    length = _minus(upper, lower)
    if part.upper is None or any(K in monomial for monomial in length):
        # `x[i:]` shrinks, `x[:t]` grows, `x[b * B:n]` shrinks as `b` counts.
        return (moving[0], "every") if any(K in m for m in lower) or any(K in m for m in upper) else None
    if not length or _per_pass(lower) != length:
        return None  # windows that overlap or skip: their lengths are not read here
    covered = _covered_length(facts, moving[0], counters[moving[0]], length, scope)
    if covered is None or _divides(facts, length, covered, scope, known):
        return None
    return moving[0], "last"


def _per_pass(form: Linear) -> Linear:
    """How much ``form`` grows from one pass to the next."""
    return {tuple(f for f in m if f != K): c for m, c in form.items() if K in m}


def _counters(facts: ModuleFacts, loops: list[cst.CSTNode], scope: Scope, known: dict[str, int]) -> dict[str, Counter]:
    """The names that count through ``loops``: `range` targets, `enumerate` indices, and
    names stepped by a fixed amount once per pass (innermost loop first where names clash)."""
    found: dict[str, Counter] = {}
    for loop in loops:
        if isinstance(loop, cst.For):
            target, iterable = loop.target, loop.iter
            if isinstance(iterable, cst.Call) and facts.qualified_name(iterable.func, scope) == "range":
                bounds = [a.value for a in iterable.args if a.keyword is None and a.star == ""]
                if isinstance(target, cst.Name) and 1 <= len(bounds) <= 3:
                    start = _linear(facts, bounds[0], {}, scope, known) if len(bounds) > 1 else {}
                    step = _linear(facts, bounds[2], {}, scope, known) if len(bounds) == 3 else {(): 1}
                    if start is not None and step is not None:
                        found[target.value] = Counter(_plus(start, _times(step, {(K,): 1})), loop)
            elif (
                isinstance(iterable, cst.Call) and facts.qualified_name(iterable.func, scope) == "enumerate"
                and isinstance(target, cst.Tuple) and target.elements and isinstance(target.elements[0].value, cst.Name)
                and not any(a.keyword is not None or len(iterable.args) > 1 for a in iterable.args)
            ):
                found[target.elements[0].value.value] = Counter({(K,): 1}, loop)
        if isinstance(loop, (cst.For, cst.While)):
            found.update(_stepped(facts, loop, scope, known))
    for _ in range(2):  # `end = start + size`, then `stop = end`
        found.update(_derived(facts, loops, found, scope, known))
    return found


def _derived(
    facts: ModuleFacts, loops: list[cst.CSTNode], counters: dict[str, Counter], scope: Scope, known: dict[str, int]
) -> dict[str, Counter]:
    """The other names ``loops`` bind: each as the linear form of the one value a loop gives it
    in terms of the counters (`end = start + size`), or as not a linear form (None), so that
    no bound reads a name a loop changes as if it stayed put."""
    values: dict[str, list[cst.CSTNode]] = {}
    owner: dict[str, cst.For | cst.While] = {}
    for loop in loops:
        if not isinstance(loop, (cst.For, cst.While)):
            continue
        if isinstance(loop, cst.For):  # `for i, batch in enumerate(...)`: `batch` is new each pass
            for name in _bound_names(loop.target) - set(counters):
                values.setdefault(name, []).extend([loop, loop])
                owner[name] = loop
        for target, value in assignments_in(facts, loop):
            for name in _bound_names(target):
                if name not in counters or counters[name].derived:
                    values.setdefault(name, []).append(value)
                    owner[name] = loop
    found: dict[str, Counter] = {}
    for name, given in values.items():
        form = None
        if len(given) == 1 and isinstance(given[0], cst.BaseExpression):
            form = _linear(facts, given[0], {n: c for n, c in counters.items() if n != name}, scope, known)
        loop = next(
            (c.loop for n, c in counters.items() if not c.derived and len(given) == 1 and n in names_read(given[0])),
            owner[name],
        )
        found[name] = Counter(form, loop, derived=True)
    return found


def _bound_names(target: cst.BaseExpression) -> set[str]:
    """The names an assignment target binds (`a`, `a, (b, *c)`); none for `x[i] =`, `o.f =`."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {name for element in target.elements for name in _bound_names(element.value)}
    if isinstance(target, cst.StarredElement):
        return _bound_names(target.value)
    return set()


def _stepped(facts: ModuleFacts, loop: cst.For | cst.While, scope: Scope, known: dict[str, int]) -> dict[str, Counter]:
    """`processed += batch_size` once per pass of ``loop``, at the top of its body (not under
    a condition), and assigned nowhere else in it: `processed0 + batch_size * k`."""
    statements = [
        s for line in loop.body.body if isinstance(line, cst.SimpleStatementLine) for s in line.body  # type: ignore[attr-defined]
    ]
    found: dict[str, Counter] = {}
    for statement in statements:
        if not (
            isinstance(statement, cst.AugAssign) and isinstance(statement.operator, cst.AddAssign)
            and isinstance(statement.target, cst.Name)
        ):
            continue
        name = statement.target.value
        assigned = [t for t, _ in assignments_in(facts, loop) if isinstance(t, cst.Name) and t.value == name]
        step = _linear(facts, statement.value, {}, scope, known)
        if len(assigned) == 1 and step is not None and step and name not in names_read(statement.value):
            found[name] = Counter(_plus({(f"{name}@0",): 1}, _times(step, {(K,): 1})), loop)
    return found


def _upper(
    facts: ModuleFacts, node: cst.BaseExpression | None, counters: dict[str, Counter], scope: Scope, known: dict[str, int]
) -> Linear | None:
    """The upper bound as a linear form; of `min(p + B, n)`, the moving bound: clamped to the
    end as slicing past it is, the last window is as short."""
    if node is None:
        return {}
    if isinstance(node, cst.Call) and facts.qualified_name(node.func, scope) == "min" and len(node.args) == 2:
        forms = [_linear(facts, a.value, counters, scope, known) for a in node.args]
        moving = [form for form in forms if form is not None and any(K in m for m in form)]
        fixed = [form for form in forms if form is not None and not any(K in m for m in form)]
        return moving[0] if len(moving) == 1 and len(fixed) == 1 else None
    return _linear(facts, node, counters, scope, known)


def _covered_length(
    facts: ModuleFacts, name: str, counter: Counter, length: Linear, scope: Scope
) -> cst.BaseExpression | None:
    """The length the loop of ``counter`` runs its windows of ``length`` over until it covers
    it, counting a last window that is only partly filled: `stop` of `range(start, stop,
    step)`, `n` of `range(ceil(n / B))`, of `(n + B - 1) // B`, of `-(-n // B)`, of `while p <
    n`; None where the loop may stop before the end (`range(n // B)`, `range(n)`)."""
    loop = counter.loop
    if isinstance(loop, cst.While):
        test = loop.test
        if (
            isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.LessThan)
            and isinstance(test.left, cst.Name) and test.left.value == name
        ):
            return test.comparisons[0].comparator
        return None
    iterable = loop.iter
    if not (isinstance(iterable, cst.Call) and facts.qualified_name(iterable.func, scope) == "range"):
        return None
    bounds = [a.value for a in iterable.args if a.keyword is None]
    if len(bounds) == 3:
        return bounds[1]  # `range(0, n, B)`: the windows start below `n`
    trips = _resolved(facts, bounds[-1], scope) if bounds else None
    return _ceiling_of(facts, trips, length, scope) if trips is not None else None


def _ceiling_of(facts: ModuleFacts, trips: cst.BaseExpression, length: Linear, scope: Scope) -> cst.BaseExpression | None:
    """``n`` where ``trips`` rounds `n / B` up, ``B`` being ``length``."""
    if isinstance(trips, cst.Call) and len(trips.args) == 1:
        qualified = facts.qualified_name(trips.func, scope)
        if qualified == "int":
            return _ceiling_of(facts, trips.args[0].value, length, scope)
        if qualified in ("math.ceil", "numpy.ceil", "jax.numpy.ceil"):
            quotient = trips.args[0].value
            if isinstance(quotient, cst.BinaryOperation) and isinstance(quotient.operator, cst.Divide):
                return quotient.left if _linear(facts, quotient.right, {}, scope) == length else None
        return None
    if isinstance(trips, cst.BinaryOperation) and isinstance(trips.operator, cst.FloorDivide):
        # `(n + B - 1) // B`
        numerator = _linear(facts, trips.left, {}, scope)
        if numerator is None or _linear(facts, trips.right, {}, scope) != length:
            return None
        rest = _minus(numerator, _minus(length, {(): 1}))
        if len(rest) == 1 and next(iter(rest.values())) == 1 and isinstance(trips.left, cst.BinaryOperation):
            return trips.left.left
        return None
    if (
        isinstance(trips, cst.UnaryOperation) and isinstance(trips.operator, cst.Minus)
        and isinstance(trips.expression, cst.BinaryOperation) and isinstance(trips.expression.operator, cst.FloorDivide)
        and isinstance(trips.expression.left, cst.UnaryOperation) and isinstance(trips.expression.left.operator, cst.Minus)
        and _linear(facts, trips.expression.right, {}, scope) == length
    ):
        return trips.expression.left.expression  # `-(-n // B)`
    return None


def _resolved(facts: ModuleFacts, node: cst.BaseExpression, scope: Scope) -> cst.BaseExpression:
    """The one value assigned to the name ``node`` in its function, else ``node``."""
    if isinstance(node, cst.Name):
        value = local_value(facts, node, scope)
        if isinstance(value, cst.BaseExpression):
            return value
    return node


def _divides(facts: ModuleFacts, length: Linear, covered: cst.BaseExpression, scope: Scope, known: dict[str, int]) -> bool:
    """Whether ``length`` visibly divides ``covered``: numbers that divide (written, or what the
    interpreter found the names hold on every run), `n // B * B`, `n - n % B`."""
    total_form = _linear(facts, covered, {}, scope, known)
    size = _evaluated(length, known)
    total = _evaluated(total_form, known) if total_form is not None else None
    if size is not None and total is not None:
        return size > 0 and total % size == 0
    covered = _resolved(facts, covered, scope)
    form = _linear(facts, covered, {}, scope)
    if form is not None and form and all(_divisible(m, c, length) for m, c in form.items()):
        return True
    if isinstance(covered, cst.BinaryOperation) and isinstance(covered.operator, cst.Subtract):
        # `len(x) - len(x) % B`, `- (len(x) % B if drop_remainder else 0)`: the remainder dropped.
        return any(
            isinstance(n, cst.BinaryOperation) and isinstance(n.operator, cst.Modulo)
            and _linear(facts, n.right, {}, scope) == length
            for n in descendants(covered.right)
        )
    if isinstance(covered, cst.BinaryOperation) and isinstance(covered.operator, cst.Multiply):
        # `n // B * B`
        return (
            _linear(facts, covered.right, {}, scope) == length
            and isinstance(covered.left, cst.BinaryOperation) and isinstance(covered.left.operator, cst.FloorDivide)
        )
    return False


def _divisible(monomial: tuple[str, ...], coefficient: int, length: Linear) -> bool:
    """Whether the term ``coefficient * monomial`` is a multiple of ``length``, a single term."""
    if len(length) != 1:
        return False
    (factors, size), = length.items()
    rest = list(monomial)
    for factor in factors:
        if factor not in rest:
            return False
        rest.remove(factor)
    return size != 0 and coefficient % size == 0


def _linear(
    facts: ModuleFacts, node: cst.BaseExpression | None, counters: dict[str, Counter], scope: Scope,
    known: dict[str, int] | None = None, depth: int = 0,
) -> Linear | None:
    """``node`` as a linear form in the iteration count over loop-invariant factors, each
    factor the code that computes it (so that one name reads the same wherever it is read);
    None where it is not one (a product of two counters, a call of a counter). What the
    interpreter found a factor holds on every run, a number, goes into ``known``."""
    if node is None or depth > 8:
        return None
    if isinstance(node, cst.Integer):
        return {(): int(node.value, 0)} if int(node.value, 0) else {}
    if isinstance(node, cst.Name) and node.value in counters:
        value = counters[node.value].value
        return dict(value) if value is not None else None
    if isinstance(node, cst.BinaryOperation):
        left = _linear(facts, node.left, counters, scope, known, depth + 1)
        right = _linear(facts, node.right, counters, scope, known, depth + 1)
        if left is None or right is None:
            return None
        if isinstance(node.operator, cst.Add):
            return _plus(left, right)
        if isinstance(node.operator, cst.Subtract):
            return _minus(left, right)
        if isinstance(node.operator, cst.Multiply):
            if any(K in m for m in left) and any(K in m for m in right):
                return None
            return _times(left, right)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _linear(facts, node.expression, counters, scope, known, depth + 1)
        return None if inner is None else _minus({}, inner)
    if names_read(node) & set(counters):
        return None
    code = facts.module.code_for_node(node).strip()
    held = facts.host_value(node)
    if known is not None and type(held) is Const and type(held.value) is int:  # type: ignore[attr-defined]
        known.setdefault(code, held.value)  # type: ignore[attr-defined]
    return {(code,): 1}


def _evaluated(form: Linear, known: dict[str, int]) -> int | None:
    """The number ``form`` stands for, where every factor's value is known."""
    total = 0
    for monomial, coefficient in form.items():
        if K in monomial or any(factor not in known for factor in monomial):
            return None
        total += coefficient * math.prod(known[factor] for factor in monomial)
    return total


def _plus(a: Linear, b: Linear) -> Linear:
    out = dict(a)
    for monomial, coefficient in b.items():
        out[monomial] = out.get(monomial, 0) + coefficient
    return {m: c for m, c in out.items() if c}


def _minus(a: Linear, b: Linear) -> Linear:
    return _plus(a, {m: -c for m, c in b.items()})


def _times(a: Linear, b: Linear) -> Linear:
    out: Linear = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            monomial = tuple(sorted(ma + mb))
            out[monomial] = out.get(monomial, 0) + ca * cb
    return {m: c for m, c in out.items() if c}
