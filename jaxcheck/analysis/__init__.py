"""Facts about a module computed once and shared by all rules (see :class:`ModuleFacts`)."""

from .syntax.collect import Site
from .values import Value
from .facts import Callee, ModuleFacts, TraceSummary
from .syntax.scopes import ClassInfo, FunctionInfo, Param, Scope
from .transforms.staging import JitSite

__all__ = [
    "Callee", "ClassInfo", "FunctionInfo", "JitSite", "ModuleFacts", "Param", "Scope", "Site",
    "TraceSummary", "Value",
]
