"""The smallest inputs that once hung, crashed or misplaced results, each checked end to end."""

from __future__ import annotations

from jaxcheck.api import check_source

JITTED_PRINT = "@jax.jit\ndef f(x):\n    print(x)\n    return x\n"


def test_module_level_global_does_not_hang_name_resolution():
    result = check_source("import jax\nglobal jax\n" + JITTED_PRINT)
    assert [(d.code, d.line) for d in result.diagnostics] == [("JAX101", 5)]
