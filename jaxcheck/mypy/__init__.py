"""The jaxcheck mypy plugin: ``plugins = jaxcheck.mypy`` in mypy's configuration.

It keeps the signatures of functions through ``jax.jit`` and the other transformations, types
``jax.grad`` and its relatives from ``argnums`` and ``has_aux``, and checks static and donated
arguments before anything runs. See ``docs/mypy-plugin.md``.
"""

from __future__ import annotations

try:
    import mypy.plugin  # noqa: F401
except ImportError as error:  # pragma: no cover - only without mypy installed
    raise ImportError(
        "jaxcheck.mypy is a mypy plugin and needs mypy: pip install 'jaxcheck[mypy]'"
    ) from error

from jaxcheck.mypy.plugin import JaxcheckPlugin


def plugin(version: str) -> type[JaxcheckPlugin]:
    """mypy's entry point: the plugin class for mypy ``version``."""
    return JaxcheckPlugin


__all__ = ["JaxcheckPlugin", "plugin"]
