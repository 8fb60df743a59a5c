"""The values a host loop binds, when the analysis knows every one: a sweep.

A static argument of jit is part of the cache key, so a loop that gives it a new value on each
iteration compiles on each iteration. A counting loop (`range`, a `while` counter) does so
however long it runs; a loop over a collection of known values does so once per distinct value.
Measured on jax 0.10.2, `static_argnums=1`: `for n in (10, 100, 1000, 10000): f(x, n)` compiles
4 times in 4 calls, the same with the tuple passed in by a caller (`sizes`) or as a parameter's
default; nested in `for _ in range(3)`, a sweep over `(1, 2)` compiles 2 times in 6 calls (the
values repeat, and the cache finds them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ..values import Const, Sequence

if TYPE_CHECKING:
    from ..facts import ModuleFacts


def swept_numbers(facts: ModuleFacts, loop: cst.CSTNode) -> tuple[int | float, ...] | None:
    """The numbers a `for` loop binds to its target, one per iteration, when the analysis knows
    the collection it runs over (a literal, a constant, a parameter's default or what the
    callers pass) and they are at least two numbers, all different. Numbers only: a sweep over
    modes (`"train"`, `True`) selects code that cannot be traced, while a number could be."""
    if not isinstance(loop, cst.For) or not isinstance(loop.target, cst.Name):
        return None
    collection = facts.host_value(loop.iter)
    if type(collection) is not Sequence or collection.type not in ("tuple", "list") or collection.items is None:
        return None
    numbers = []
    for item in collection.items:
        if type(item) is not Const or type(item.value) not in (int, float):
            return None
        numbers.append(item.value)
    return distinct_numbers(numbers)


def distinct_numbers(numbers: list[int | float]) -> tuple[int | float, ...] | None:
    """``numbers`` as a sweep: at least two, all different (a new cache entry each); else None."""
    return tuple(numbers) if len(numbers) >= 2 and len(set(numbers)) == len(numbers) else None
