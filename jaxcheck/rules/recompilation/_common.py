"""Message helpers shared by the recompilation rules. The facts they read (where fresh jitted
callables are made and used, where each compiles) are the analysis's:
:mod:`jaxcheck.analysis.host.fresh_jits` and :mod:`jaxcheck.analysis.host.cache_keys`."""

from __future__ import annotations

from ...analysis import JitSite, ModuleFacts


def jitted_label(facts: ModuleFacts, jit_site: JitSite) -> str:
    """`name` of the function a jit site compiles, for messages."""
    targets = jit_site.targets
    if len(targets) == 1 and targets[0].name != "<lambda>":
        return f"`{targets[0].qualname}`"
    if jit_site.bound_name:
        return f"`{jit_site.bound_name}`"
    wrapped = targets[0].node if len(targets) == 1 else jit_site.application.functions[0]
    text = facts.module.code_for_node(wrapped).strip().splitlines()[0]
    return f"`{text[:40]}{'...' if len(text) > 40 else ''}`"
