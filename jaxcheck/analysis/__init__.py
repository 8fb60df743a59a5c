"""Facts about a module computed once and shared by all rules (see :class:`ModuleFacts`)."""

from .collect import Site
from .values import Value
from .facts import Callee, ModuleFacts, TraceSummary
from .scopes import ClassInfo, FunctionInfo, Param, Scope
from .staging import JitSite

__all__ = [
    "Callee", "ClassInfo", "FunctionInfo", "JitSite", "ModuleFacts", "Param", "Scope", "Site",
    "TraceSummary", "Value",
]
