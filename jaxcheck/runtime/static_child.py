"""The static check of `jaxcheck run`, in a process of its own beside the program's start-up.

    python -m jaxcheck.runtime.static_child ROOT [CONFIG]

The checker (libcst, the rules, the project index) takes about half a second to import and runs
the lint cache over the project; the program meanwhile imports jax. ``start`` launches this
module, ``StaticCheck.result`` waits for it: the files with findings, as pickled
``FileResult`` objects on stdout (``jaxcheck.diagnostics`` only, so reading them imports nothing
of the checker), or a configuration error on stderr with exit status 2.
"""

from __future__ import annotations

import os
import pathlib
import pickle
import subprocess
import sys
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, FileResult

EXIT_CONFIG = 2


@dataclass
class StaticFindings:
    """The findings of the files with any, as ``CheckResult`` reads them."""

    files: list[FileResult] = field(default_factory=list)
    files_checked: int = 0

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return [d for f in self.files for d in f.diagnostics]


class StaticCheckError(Exception):
    """The static check could not run (a configuration error); the message says why."""


class StaticCheck:
    def __init__(self, root: pathlib.Path, config: pathlib.Path | None) -> None:
        command = [sys.executable, "-m", __name__, str(root)] + ([str(config)] if config is not None else [])
        self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_environment())

    def result(self) -> StaticFindings:
        out, err = self._process.communicate()
        if self._process.returncode == EXIT_CONFIG:
            raise StaticCheckError(err.decode(errors="replace").strip())
        if self._process.returncode != 0:
            raise StaticCheckError(f"the static check failed: {err.decode(errors='replace').strip()[-2000:]}")
        files, checked = pickle.loads(out)
        return StaticFindings(files, checked)


def _environment() -> dict[str, str]:
    """This process's environment, with the directory jaxcheck is imported from on the path."""
    here = str(pathlib.Path(__file__).resolve().parents[2])
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": here + (os.pathsep + path if path else "")}


def main(argv: list[str]) -> int:
    from ..api import check_paths
    from ..config import ConfigError, load_config

    root = pathlib.Path(argv[0])
    try:
        config = load_config(pathlib.Path(argv[1]) if len(argv) > 1 else None, start=pathlib.Path.cwd())
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return EXIT_CONFIG
    result = check_paths([str(root)], config, jobs=None, use_cache=True)
    found = [f for f in result.files if f.diagnostics]
    sys.stdout.buffer.write(pickle.dumps((found, result.files_checked)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
