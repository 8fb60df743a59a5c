"""The rule catalogue: every :class:`~jaxcheck.rules.base.Rule` in the band packages below.

Bands: ``purity`` (JAX1xx), ``tracing`` (JAX2xx), ``static_args`` (JAX3xx),
``recompilation`` (JAX4xx), ``prng`` (JAX5xx). One rule per module; the catalogue is discovered, never listed by hand.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .base import Rule

BANDS = ("purity", "tracing", "static_args", "recompilation", "prng")


@cache
def all_rules() -> tuple[type[Rule], ...]:
    """Every rule class, ordered by code."""
    found: dict[str, type[Rule]] = {}
    for band in BANDS:
        package = importlib.import_module(f"{__name__}.{band}")
        for module_info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{module_info.name}")
            for value in vars(module).values():
                if isinstance(value, type) and issubclass(value, Rule) and value is not Rule and value.__module__ == module.__name__:
                    found[value.CODE] = value
    return tuple(found[code] for code in sorted(found))


def rule_by_code_or_name(key: str) -> type[Rule] | None:
    key = key.strip()
    for rule in all_rules():
        if key.upper() == rule.CODE or key == rule.NAME:
            return rule
    return None
