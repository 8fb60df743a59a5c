"""Flax linen modules: what `module.apply(...)` runs and which keys `module.init(...)` draws.

A linen module is a dataclass whose `apply(variables, *args)` runs `__call__(*args)` with the
variables bound, and whose `init(key, *args)` draws the variables from `key`. Classes of the
checked code count when one of their bases is `flax.linen.Module` (directly or through another
class of the module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from .. import names
from .scopes import ClassInfo, FunctionInfo, Scope

if TYPE_CHECKING:
    from .staging import StagingAnalysis


def apply_method(staging: StagingAnalysis, node: cst.Attribute, scope: Scope) -> FunctionInfo | None:
    """`__call__` of a Flax linen module class, for ``instance.apply``."""
    if node.attr.value != "apply" or not isinstance(node.value, cst.Name):
        return None
    owner = staging.instance_class(node.value.value, scope)
    if owner is None or not is_module_class(staging, owner):
        return None
    return owner.methods.get("__call__")


def is_instance(staging: StagingAnalysis, node: cst.BaseExpression, scope: Scope) -> bool:
    """Whether ``node`` is a Flax linen module: `nn.Dense(4)`, or a name bound to an instance
    of a linen module class of this module."""
    if isinstance(node, cst.Call):
        qualified = staging.resolver.qualified_name(node.func, scope)
        if qualified is not None and names.canonical(qualified).startswith("flax.linen."):
            return True
        owner = staging.class_named(node.func.value, scope) if isinstance(node.func, cst.Name) else None
        return owner is not None and is_module_class(staging, owner)
    if isinstance(node, cst.Name):
        owner = staging.instance_class(node.value, scope)
        return owner is not None and is_module_class(staging, owner)
    return False


def is_module_class(staging: StagingAnalysis, owner: ClassInfo, _depth: int = 0) -> bool:
    node = owner.node
    if not isinstance(node, cst.ClassDef) or _depth > 4:
        return False
    for base in node.bases:
        qualified = staging.resolver.qualified_name(base.value, owner.parent or owner)
        if qualified and names.canonical(qualified) in names.LINEN_MODULES:
            return True
        parent = staging.class_named(base.value.value, owner.parent or owner) if isinstance(base.value, cst.Name) else None
        if parent is not None and parent is not owner and is_module_class(staging, parent, _depth + 1):
            return True
    return False
