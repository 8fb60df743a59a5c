"""The autofix of `jit-in-loop`: create the jitted callable once, before the loop.

`for ...: y = jax.jit(lambda p: p * 0.9)(x)` becomes `jitted_fn = jax.jit(lambda p: p * 0.9)`
before the loop and `y = jitted_fn(x)` in it. The jit call may move only when evaluating it
earlier gives the same callable: it reads no name the loop binds (its targets, assignments,
walrus targets, imports, defs), and it calls nothing but `functools.partial` and transforms
(`jax.grad(loss)`), which only wrap. A lambda's body runs later, so only its free names count.
"""

from __future__ import annotations

import libcst as cst

from ... import names
from ...analysis import JitSite, ModuleFacts, Scope, Site
from ...analysis.syntax.walk import binding_targets, children, descendants, dotted_name
from ..base import FixRequest


class NameSupply:
    """Fresh names for one file: bound nowhere in the module, and not handed out before."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self._taken: set[str] | None = None
        self._last_number: dict[str, int] = {}  # the last suffix tried for each base name

    def fresh(self, base: str) -> str:
        if self._taken is None:
            self._taken = {n.value for n in descendants(self.module) if isinstance(n, cst.Name)}
        name, number = base, self._last_number.get(base, 1)
        if number > 1:
            name = f"{base}_{number}"
        while name in self._taken:
            number += 1
            name = f"{base}_{number}"
        self._last_number[base] = number
        self._taken.add(name)
        return name


def hoist_fix(facts: ModuleFacts, jit_site: JitSite, site: Site, title: str, supply: NameSupply) -> FixRequest | None:
    """Move the jit call at ``site`` before the outermost loop it does not depend on."""
    call = site.node
    if not isinstance(call, cst.Call):  # a decorator: the jit comes with its `def`, not as one expression to move
        return None
    reads = _reads_now(facts, call, call, site.scope)
    if reads is None:
        return None
    loop = None
    for candidate in reversed(site.loops):
        if not isinstance(candidate, (cst.For, cst.While)) or _depends(reads, _bound_in(candidate)):
            break
        loop = candidate
    if loop is None:
        return None
    name = supply.fresh(_base_name(jit_site))
    text = facts.module.code_for_node(call.with_changes(lpar=[], rpar=[]))
    return FixRequest(title, safe=False, replacements=((call, name),), insert_before=(loop, f"{name} = {text}"))


def _reads_now(
    facts: ModuleFacts, node: cst.CSTNode, jit_call: cst.Call, scope: Scope, deferred: bool = False
) -> set[str] | None:
    """Dotted names the jitted callable depends on: what evaluating ``node`` reads, and the free
    names of lambda bodies (JAX bakes what they read into the first trace). An attribute counts
    as its receiver (`self` for `self.apply`). None when the expression calls something that may
    do more than wrap, binds a name, or holds a multi-line string (re-indented, its text would
    change)."""
    if isinstance(node, (cst.NamedExpr, cst.Await, cst.Yield)):
        return None
    if isinstance(node, (cst.SimpleString, cst.FormattedString)) and "\n" in facts.module.code_for_node(node):
        return None
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Attribute):
        dotted = dotted_name(node)
        if dotted is not None:
            return {dotted.rsplit(".", 1)[0]}
        return _reads_now(facts, node.value, jit_call, scope, deferred)
    if isinstance(node, cst.Arg):
        return _reads_now(facts, node.value, jit_call, scope, deferred)
    if isinstance(node, cst.Call) and not deferred and node is not jit_call and not _only_wraps(facts, node, scope):
        return None
    parts: list[tuple[cst.CSTNode, bool]] = [(child, deferred) for child in children(node)]
    own: set[str] = set()
    if isinstance(node, cst.Lambda):
        params = node.params
        declared = [*params.posonly_params, *params.params, *params.kwonly_params]
        declared += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
        own = {p.name.value for p in declared}
        parts = [(p.default, deferred) for p in declared if p.default is not None]
        parts.append((node.body, True))
    found: set[str] = set()
    for child, later in parts:
        inner = _reads_now(facts, child, jit_call, scope, later)
        if inner is None:
            return None
        if later and not deferred:  # a lambda body: its own parameters are not free
            inner = {path for path in inner if path.split(".")[0] not in own}
        found |= inner
    return found


def _only_wraps(facts: ModuleFacts, call: cst.Call, scope: Scope) -> bool:
    """`functools.partial(...)` or a transform applied to a function (`jax.grad(loss)`)."""
    if facts.qualified_name(call.func, scope) in names.PARTIAL:
        return True
    application = facts.staging.application(call, scope)
    return application is not None and bool(application.functions)


def _bound_in(loop: cst.CSTNode) -> set[str]:
    """Dotted names the loop (re)binds or assigns into: `i`, `self.params`, `table` for `table[k] = v`."""
    targets: list[cst.CSTNode] = list(binding_targets(loop))
    bound: set[str] = set()
    for node in descendants(loop):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            bound.add(node.name.value)
        elif isinstance(node, cst.ImportAlias):
            local = node.asname.name if node.asname is not None else node.name
            bound.add((dotted_name(local) or "").split(".")[0])  # type: ignore[arg-type]
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            bound.update(item.name.value for item in node.names)
    while targets:
        target = targets.pop()
        if isinstance(target, (cst.Name, cst.Attribute)) and dotted_name(target) is not None:
            bound.add(dotted_name(target))  # type: ignore[arg-type]
        elif isinstance(target, (cst.Tuple, cst.List)):
            targets.extend(e.value for e in target.elements)
        elif isinstance(target, cst.StarredElement):
            targets.append(target.value)
        else:  # `a[i] = v`, `f().x = v`: whatever the target reads may change
            bound.update(n.value for n in descendants(target) if isinstance(n, cst.Name))
    return bound


def _depends(reads: set[str], bound: set[str]) -> bool:
    """Whether a read path and a bound path overlap (`self.apply` and `self`, or the reverse)."""
    return any(
        read == name or read.startswith(name + ".") or name.startswith(read + ".")
        for read in reads for name in bound
    )


def _base_name(jit_site: JitSite) -> str:
    """`update_jit` for `jit(partial(update, ...))`, `apply_jit` for `jit(self.apply)`, `grad_loss_jit`
    for `jit(jax.grad(loss))`, `<bound>_jit` or `jitted_fn` for a lambda."""
    wrapped = jit_site.application.functions[0] if jit_site.application.functions else None
    parts: list[str] = []
    while isinstance(wrapped, cst.Call) and wrapped.args:
        head = dotted_name(wrapped.func)
        if head is not None and head.rsplit(".", 1)[-1] != "partial":
            parts.append(head.rsplit(".", 1)[-1])
        wrapped = wrapped.args[0].value
    target = dotted_name(wrapped) if isinstance(wrapped, (cst.Name, cst.Attribute)) else None
    if target is not None:
        parts.append(target.rsplit(".", 1)[-1])
    elif jit_site.bound_name:
        parts = [jit_site.bound_name]
    base = "_".join(parts).lstrip("_")
    return f"{base}_jit" if base.isidentifier() else "jitted_fn"
