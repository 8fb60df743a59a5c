"""What the JAX5xx rules share: labels for messages and the mechanical fixes.

The rules read :attr:`ModuleFacts.keys` (see :mod:`jaxcheck.analysis.keys.model`); none walks a tree.
The fixes change which random numbers are drawn (that is their point), so every one is unsafe.
"""

from __future__ import annotations

import libcst as cst

from ...analysis import FunctionInfo, ModuleFacts, Scope
from ...analysis.keys.model import KeyReuse, KeyUse
from ..base import Context, FixRequest
from ..recompilation._hoist import NameSupply


def where(function: FunctionInfo | None) -> str:
    """`step` or module-level code, for messages."""
    return f"`{function.qualname}`" if function is not None else "module-level code"


def call_text(context: Context, call: cst.Call, limit: int = 50) -> str:
    text = " ".join(context.code(call).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def scope_of(facts: ModuleFacts, use: KeyUse) -> Scope:
    return use.function if use.function is not None else facts.resolver.module_scope


def random_module(facts: ModuleFacts, use: KeyUse) -> str | None:
    """How this file spells `jax.random` where ``use`` is: `jax.random`, `jr`, `random`."""
    func = use.call.func
    scope = scope_of(facts, use)
    if use.kind in ("draw", "split") and isinstance(func, cst.Attribute):
        return facts.module.code_for_node(func.value)
    name = facts.name_for_module("jax.random", scope)
    if name is not None:
        return name
    jax_name = facts.name_for_module("jax", scope)
    return f"{jax_name}.random" if jax_name is not None else None


def split_before_first_use(context: Context, reuse: KeyReuse, supply: NameSupply, title: str) -> FixRequest | None:
    """`key, subkey = jax.random.split(key)` before the first use, which then takes `subkey`:
    the later use gets a key no one has consumed."""
    first, second = reuse.first, reuse.second
    if (
        not isinstance(first.key, cst.Name) or first.kind == "split" or first.function is not second.function
        or first.loop is not second.loop or not isinstance(first.statement, cst.SimpleStatementLine)
    ):
        return None
    module = random_module(context.facts, first)
    if module is None:
        return None
    key = first.key.value
    subkey = supply.fresh("subkey")
    return FixRequest(
        title, safe=False, replacements=((first.key, subkey),),
        insert_before=(first.statement, f"{key}, {subkey} = {module}.split({key})"),
    )


def fold_in_loop_index(context: Context, reuse: KeyReuse, title: str) -> FixRequest | None:
    """`jax.random.fold_in(key, i)` in place of `key`, where `i` counts the loop's iterations."""
    loop, use = reuse.loop, reuse.second
    if not isinstance(loop, cst.For) or use.kind not in ("draw", "split"):
        return None
    index = _counter(context.facts, loop, scope_of(context.facts, use))
    module = random_module(context.facts, use)
    if index is None or module is None:
        return None
    key = context.code(use.key)
    return FixRequest(title, safe=False, replacements=((use.key, f"{module}.fold_in({key}, {index})"),))


def _counter(facts: ModuleFacts, loop: cst.For, scope: Scope) -> str | None:
    """The name that counts iterations of ``loop``: `i` of `range(...)` or of `enumerate(...)`."""
    if not isinstance(loop.iter, cst.Call):
        return None
    callee = facts.qualified_name(loop.iter.func, scope)
    target = loop.target
    if callee == "enumerate" and isinstance(target, (cst.Tuple, cst.List)) and target.elements:
        target = target.elements[0].value
    elif callee != "range":
        return None
    return target.value if isinstance(target, cst.Name) else None
