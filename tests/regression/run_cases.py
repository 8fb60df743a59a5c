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
            name = f"regression_case_{path.parent.name}_{path.stem}"
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
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


def main(paths: list[str]) -> int:
    results = {path: run_case(pathlib.Path(path)) for path in paths}
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
