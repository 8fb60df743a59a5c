"""Host cells: variables a traced function binds for its host callbacks alone.

A host callback (`jax.debug.callback(log, x)`, `io_callback`) runs on every call of the compiled
program and reads the variables of the function that defined it as Python closure cells, not as
constants. A cell the callback rebinds with `nonlocal` (`last_time = now`) is host state: what
the trace stored in it is only the first value the callback sees. Measured on jax 0.10.2, a
jitted function setting `last = time.time()` while tracing, with a callback that reads `last`
and sleeps 0.3 s between calls: with the callback rebinding `last`, it sees 0.29, 0.30, 0.30 s
between calls; without (the trace-time value stays in the closure), 0.04, 0.34, 0.64 s since
the trace.

So a value the trace computes reaches the compiled program unless it only initialises such a
cell: no code a trace runs reads the variable, and a function no trace runs rebinds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..syntax.scopes import FunctionInfo
from ..syntax.walk import names_loaded


def host_cells(function: FunctionInfo, functions: Iterable[FunctionInfo], traced: Callable[[FunctionInfo], bool]) -> frozenset[str]:
    """The variables of ``function`` that it does not read itself, that only functions nested
    in it which no trace runs read, and that one of those rebinds through `nonlocal`;
    ``functions`` are the module's, ``traced`` says whether a trace runs one."""
    own = names_loaded(function.node.body, own_scope=True)  # type: ignore[attr-defined]
    nested = [(inner, seen) for inner in functions if inner is not function and (seen := _names_seen_from(inner, function))]
    cells = set()
    for name in function.bindings.keys() - own - function.declared_global - function.declared_nonlocal:
        sharing = [inner for inner, seen in nested if name in seen]
        readers = [inner for inner in sharing if name in names_loaded(inner.node.body, own_scope=True)]  # type: ignore[attr-defined]
        writers = [inner for inner in sharing if name in inner.declared_nonlocal]  # declared to rebind it
        if writers and not any(traced(inner) for inner in (*readers, *writers)):
            cells.add(name)
    return frozenset(cells)


def _names_seen_from(inner: FunctionInfo, outer: FunctionInfo) -> set[str]:
    """The variables of ``outer`` that ``inner``, a function nested in it, sees (those neither
    it nor a function in between binds anew); none when ``inner`` is not nested in ``outer``."""
    shadowed: set[str] = set()
    scope = inner
    while scope is not outer:
        if scope is None:
            return set()
        if isinstance(scope, FunctionInfo):
            shadowed.update(name for name in scope.bindings if name not in scope.declared_nonlocal)
        scope = scope.parent  # type: ignore[assignment]
    return set(outer.bindings) - shadowed
