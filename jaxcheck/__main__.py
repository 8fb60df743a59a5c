import os
import sys

# `python -m jaxcheck` puts the current directory first on the path: a `tomllib.py` or
# `libcst/` of the project being checked must not be imported in place of ours.
if not sys.flags.safe_path and sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from jaxcheck.cli import main  # noqa: E402 - after the path is made safe

sys.exit(main())
