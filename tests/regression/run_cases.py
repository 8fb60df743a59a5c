"""Run regression cases on jax and report what happened, as JSON on stdout.

    python tests/regression/run_cases.py CASE.py [CASE.py ...]

Each case is imported as a fresh module and its ``run()`` called once, with its output captured,
so one JSON object comes out: ``{path: {"raised": [exception class names, most derived first] |
null, "message": str, "returned": int | null, "compiles": {"jit(step)": n, ...}}}``.
Compilations are counted from JAX's monitoring events (jaxcheck.runtime.compile_log). A case
that fails to import is reported like one whose run() raised.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import pathlib
import sys
import traceback

os.environ.setdefault("JAX_PLATFORMS", "cpu")

from jaxcheck.runtime.compile_log import compile_log  # noqa: E402


def run_case(path: pathlib.Path) -> dict[str, object]:
    log = compile_log()
    mark = log.mark()
    raised: list[str] | None = None
    message = ""
    returned = None
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
        try:
            module = _import_multi_file(path) if path.name == "main.py" else _import(path)
            result = module.run()
            if isinstance(result, (bool, int)):
                returned = int(result)
        except BaseException as error:  # noqa: B902 - a case may raise anything, SystemExit too
            raised = [cls.__name__ for cls in type(error).__mro__]
            message = "".join(traceback.format_exception_only(type(error), error)).strip()[:500]
    return {
        "raised": raised,
        "message": message,
        "returned": returned,
        "compiles": dict(log.since(mark)),
    }


def _import(path: pathlib.Path, name: str | None = None, package: list[str] | None = None):
    name = name or f"regression_case_{path.parent.name}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=package)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _import_multi_file(main: pathlib.Path):
    """The main module of a multi-file case: a package (relative imports) when the directory
    has an `__init__.py`, else scripts side by side (`from utils import f`), whose modules are
    forgotten afterwards so that the next case's `utils` is its own."""
    directory = main.parent
    name = f"regression_case_{directory.parent.name}_{directory.name}"
    if (directory / "__init__.py").exists():
        _import(directory / "__init__.py", name, [str(directory)])
        return importlib.import_module(f"{name}.main")
    sys.path.insert(0, str(directory))
    try:
        return _import(main, name)
    finally:
        sys.path.remove(str(directory))
        for sibling in directory.glob("*.py"):
            sys.modules.pop(sibling.stem, None)


def main(paths: list[str]) -> int:
    results = {path: run_case(pathlib.Path(path)) for path in paths}
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
