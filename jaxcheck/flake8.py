"""flake8 plugin: the same findings, positions and `# noqa` handling as `jaxcheck check`.

Registered as the `JAX` code prefix; `[tool.jaxcheck]` in the nearest pyproject.toml still
applies (rule selection, per-file ignores, extra jit decorators).
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator
from functools import cache

from . import __version__, api
from .config import Config, ConfigError, load_config


@cache
def _config(directory: str) -> Config:
    try:
        return load_config(start=pathlib.Path(directory))
    except ConfigError:
        return Config()  # flake8 has no channel for it; `jaxcheck check` reports it


class JaxcheckFlake8:
    name = "jaxcheck"
    version = __version__

    def __init__(self, tree: ast.AST, filename: str, lines: list[str]) -> None:
        self.filename = filename
        self.lines = lines

    def run(self) -> Iterator[tuple[int, int, str, type]]:
        source = "".join(self.lines)
        directory = str(pathlib.Path(self.filename).resolve().parent) if self.filename not in ("-", "stdin") else "."
        result = api.check_source(source, self.filename, _config(directory))
        for diagnostic in result.diagnostics:
            # flake8 columns are 0-based; it adds one when it prints them.
            yield diagnostic.line, diagnostic.column - 1, f"{diagnostic.code} {diagnostic.message}", type(self)
