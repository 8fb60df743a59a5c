"""Neural-network libraries whose objects run the checked code: Flax linen and Haiku.

A linen module is a dataclass whose `apply(variables, *args)` runs `__call__(*args)` with the
variables bound, and whose `init(key, *args)` draws the variables from `key`. Classes of the
checked code count when one of their bases is `flax.linen.Module` (directly or through another
class of the module). Haiku's `hk.transform(forward)` returns an object whose `init` and `apply`
run `forward` (with the parameters, and a key unless `without_apply_rng`, in front).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from ... import names
from ..syntax.scopes import ClassInfo, FunctionInfo, Scope

if TYPE_CHECKING:
    from .staging import StagingAnalysis


def linen_apply_method(staging: StagingAnalysis, node: cst.Attribute, scope: Scope) -> FunctionInfo | None:
    """`__call__` of a Flax linen module class, for ``instance.apply``."""
    if node.attr.value != "apply" or not isinstance(node.value, cst.Name):
        return None
    owner = staging.instance_class(node.value.value, scope)
    if owner is None or not is_linen_module_class(staging, owner):
        return None
    return owner.methods.get("__call__")


def is_linen_instance(staging: StagingAnalysis, node: cst.BaseExpression, scope: Scope) -> bool:
    """Whether ``node`` is a Flax linen module: `nn.Dense(4)`, or a name bound to an instance
    of a linen module class of this module."""
    if isinstance(node, cst.Call):
        qualified = staging.resolver.qualified_name(node.func, scope)
        if qualified is not None and names.canonical(qualified).startswith("flax.linen."):
            return True
        owner = staging.class_named(node.func, scope)
        return owner is not None and is_linen_module_class(staging, owner)
    if isinstance(node, cst.Name):
        owner = staging.instance_class(node.value, scope)
        return owner is not None and is_linen_module_class(staging, owner)
    return False


def is_linen_module_class(staging: StagingAnalysis, owner: ClassInfo, _depth: int = 0) -> bool:
    node = owner.node
    if not isinstance(node, cst.ClassDef) or _depth > 4:
        return False
    for base in node.bases:
        qualified = staging.resolver.qualified_name(base.value, owner.parent or owner)
        if qualified and names.canonical(qualified) in names.LINEN_MODULES:
            return True
        parent = staging.class_named(base.value, owner.parent or owner)
        if parent is not None and parent is not owner and is_linen_module_class(staging, parent, _depth + 1):
            return True
    return False


def haiku_transformed(
    staging: StagingAnalysis, node: cst.Attribute, scope: Scope, depth: int
) -> list[tuple[FunctionInfo, int | None]]:
    """The function that `model.apply`/`model.init` runs when `model = hk.transform(f)`."""
    if node.attr.value not in ("apply", "init"):
        return []
    chain = _haiku_chain(staging, node.value, scope)
    if chain is None:
        return []
    _, function, found = chain
    return staging.functions_of(function, found, depth + 1)


def haiku_apply_key(staging: StagingAnalysis, call: cst.Call, scope: Scope) -> cst.BaseExpression | None:
    """The key `model.apply(params, rng, x)` of a `hk.transform` splits for the `hk.next_rng_key()`
    of its function (after `state` for `transform_with_state`; none under `without_apply_rng`):
    the call consumes it (measured with haiku 0.0.17 on jax 0.10.2: the same `rng` twice gives the
    same dropout masks, and jax's key-reuse check raises for apply then a draw from `rng`)."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "apply":
        return None
    chain = _haiku_chain(staging, func.value, scope)
    if chain is None or "haiku.without_apply_rng" in chain[0]:
        return None
    stateful = "haiku.transform_with_state" in chain[0] and "haiku.with_empty_state" not in chain[0]
    position = 2 if stateful else 1
    keyword = next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "rng"), None)
    if keyword is not None:
        return keyword
    positional = [arg for arg in call.args if arg.keyword is None]
    if any(arg.star for arg in positional[: position + 1]) or len(positional) <= position:
        return None
    return positional[position].value


def _haiku_chain(
    staging: StagingAnalysis, node: cst.BaseExpression, scope: Scope
) -> tuple[list[str], cst.BaseExpression, Scope] | None:
    """For `hk.transform(f)` written in place (`jax.jit(hk.transform(f).apply)`) or a name bound
    once to it (through `without_apply_rng` and the like): the haiku wrappers from the outside
    in, the transformed function's expression, and the scope that expression is read in."""
    if isinstance(node, cst.Call):
        value: cst.CSTNode | None = node
        where: Scope | None = scope
    elif isinstance(node, cst.Name):
        found = staging.resolver.lookup(node.value, scope)
        value = found[1][0].node if found and len(found[1]) == 1 and found[1][0].kind == "assign" else None
        where = found[0] if found is not None else None
    else:
        return None
    wrappers: list[str] = []
    while where is not None and isinstance(value, cst.Call) and value.args:
        qualified = staging.resolver.qualified_name(value.func, where)
        if qualified not in names.HAIKU_TRANSFORMS:
            return None
        wrappers.append(qualified)
        value = value.args[0].value
        if qualified not in ("haiku.without_apply_rng", "haiku.with_empty_state"):
            return wrappers, value, where
    return None
