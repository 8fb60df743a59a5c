import os
import sys

# `python -m jaxcheck` puts the current directory first on the path: an `importlib/`, `typing.py`
# or `libcst/` of the project being checked must not be imported in place of ours. `os` and `sys`
# are a frozen and a built-in module, never looked up on the path; the package's `__init__`
# imports nothing. Python's own start-up of `-m` (runpy) imports a few standard modules from the
# path before this runs (see docs/validator.md): `jaxcheck` (the console script) or `python -P -m
# jaxcheck` never put the directory on the path.
if not sys.flags.safe_path and sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from jaxcheck.cli import main  # noqa: E402 - after the path is made safe

sys.exit(main())
