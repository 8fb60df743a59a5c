"""Run regression cases on jax and report what happened, as JSON on stdout.

    python tests/regression/run_cases.py CASE.py [CASE.py ...]

Each case is imported as a fresh module and its ``run()`` called once, with its output captured,
so one JSON object comes out: ``{path: {"raised": [exception class names, most derived first] |
null, "message": str, "returned": int | null, "compiles": {"jit(step)": n, ...}}}``.
Compilations are counted from JAX's monitoring events (jaxcheck.runtime.compile_log). A case
that fails to import is reported like one whose run() raised.

A case's modules are forgotten once it has run, and JAX's caches are cleared every
``CLEAR_EVERY`` cases: what a run keeps (its modules' arrays and jitted functions, their compiled
programs) otherwise makes every later case slower. Measured on jax 0.10.2 over 150 cases of the
recompilation band, one process: 46.3 s of CPU and 1,035 MiB at most keeping everything, 40.5 s
and 831 MiB forgetting the modules, 39.1 s and 560 MiB clearing the caches every 50 cases too;
36 late cases of the prng band took 52.1 s of CPU after 1,400 others and 23.2 s alone.
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

CLEAR_EVERY = 50


def run_case(path: pathlib.Path) -> dict[str, object]:
    log = compile_log()
    mark = log.mark()
    raised: list[str] | None = None
    message = ""
    returned = None
    captured = io.StringIO()
    name = _module_name(path)
    with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
        try:
            module = _import_multi_file(path, name) if path.name == "main.py" else _import(path, name)
            result = module.run()
            if isinstance(result, (bool, int)):
                returned = int(result)
        except BaseException as error:  # noqa: B902 - a case may raise anything, SystemExit too
            raised = [cls.__name__ for cls in type(error).__mro__]
            message = "".join(traceback.format_exception_only(type(error), error)).strip()[:500]
        finally:
            module = None
            for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
                del sys.modules[loaded]
    return {
        "raised": raised,
        "message": message,
        "returned": returned,
        "compiles": dict(log.since(mark)),
    }


def _module_name(path: pathlib.Path) -> str:
    """The name a case's module (or a multi-file case's package) is imported under."""
    if path.name == "main.py":
        return f"regression_case_{path.parent.parent.name}_{path.parent.name}"
    return f"regression_case_{path.parent.name}_{path.stem}"


def _import(path: pathlib.Path, name: str, package: list[str] | None = None):
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=package)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _import_multi_file(main: pathlib.Path, name: str):
    """The main module of a multi-file case: a package (relative imports) when the directory
    has an `__init__.py`, else scripts side by side (`from utils import f`), whose modules are
    forgotten afterwards so that the next case's `utils` is its own."""
    directory = main.parent
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
    import gc

    import jax

    results = {}
    for done, path in enumerate(paths, 1):
        results[path] = run_case(pathlib.Path(path))
        if done % CLEAR_EVERY == 0:
            jax.clear_caches()
            gc.collect()
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
