"""The static check of `jaxcheck run`, in a process of its own beside the program's start-up.

    python -m jaxcheck.runtime.static_child ROOT [CONFIG]

The checker (libcst, the rules, the project index) takes about half a second of CPU to import and
runs the lint cache over the project; the program meanwhile imports jax. When nothing it depends on
changed since the last run, the findings stored then are reused and no process starts. ``start`` launches this
module, ``StaticCheck.result`` waits for it: the files with findings, as pickled
``FileResult`` objects on stdout (``jaxcheck.diagnostics`` only, so reading them imports nothing
of the checker), or a configuration error on stderr with exit status 2.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
import pickle
import subprocess
import sys
from dataclasses import dataclass, field

from ..cache import refusal, write_in_cache
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
    """The static check cannot run: a configuration error (the message says which); the program
    is not started."""


class StaticCheck:
    """Started at once; ``result()`` waits. When no source file of the project, no configuration
    file and no file of jaxcheck changed since the last run (same sizes and modification times),
    the findings stored then are used and no process is started."""

    def __init__(self, root: pathlib.Path, config: pathlib.Path | None) -> None:
        self._store = root / _STORE
        self._key = _snapshot(root, config)
        self._stored = _load(self._store, self._key)
        self._process: subprocess.Popen[bytes] | None = None
        if self._stored is None:
            # -P: the working directory (the project) is not put first on the path, so its modules
            # cannot stand in for the standard library's or the checker's
            command = [sys.executable, "-P", "-m", __name__, str(root)] + ([str(config)] if config is not None else [])
            self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_environment())

    def result(self) -> StaticFindings:
        if self._stored is not None or self._process is None:
            return self._stored or StaticFindings()
        out, err = self._process.communicate()
        if self._process.returncode == EXIT_CONFIG:
            raise StaticCheckError(err.decode(errors="replace").strip())
        if self._process.returncode != 0:
            # A bug of the checker must not cost the user the run they asked for: said, not fatal.
            failure = err.decode(errors="replace").strip()[-2000:]
            print(f"jaxcheck: note: the static check failed; the program runs without its findings:\n{failure}", file=sys.stderr)
            return StaticFindings()
        files, checked = pickle.loads(out)
        found = StaticFindings(files, checked)
        _save(self._store, self._key, found)
        return found


_STORE = pathlib.Path(".jaxcheck_cache", "run-findings.pickle")
_SKIPPED = {"__pycache__", "node_modules"}  # fewer than the checker skips: a change there only costs a check
_SOURCES = (".py", ".pyi", ".ipynb")


def _snapshot(root: pathlib.Path, config: pathlib.Path | None) -> str:
    """A digest of the sizes and modification times of everything the findings depend on."""
    stats: list[tuple[str, int, int]] = []
    package = pathlib.Path(__file__).resolve().parents[1]
    for top in (root, package):
        for directory, directories, names in os.walk(top):
            directories[:] = [d for d in directories if not d.startswith(".") and d not in _SKIPPED
                              and not os.path.exists(os.path.join(directory, d, "pyvenv.cfg"))]
            stats.extend(_stat(os.path.join(directory, n)) for n in names if n.endswith(_SOURCES))
    here = pathlib.Path.cwd().resolve()
    configs = [config] if config is not None else [p / "pyproject.toml" for p in (here, *here.parents)]
    stats.extend(_stat(str(path)) for path in configs)
    return hashlib.sha256(repr((sys.version, sorted(stats))).encode()).hexdigest()


def _stat(path: str) -> tuple[str, int, int]:
    try:
        found = os.stat(path)
    except OSError:
        return path, -1, -1
    return path, found.st_mtime_ns, found.st_size


def _load(store: pathlib.Path, key: str) -> StaticFindings | None:
    if refusal(store.parent) is not None or store.is_symlink():
        return None
    try:
        stored_key, files, checked = pickle.loads(store.read_bytes())
    except Exception:  # noqa: BLE001 - missing, unreadable or from another version: check again
        return None
    return StaticFindings(files, checked) if stored_key == key else None


def _save(store: pathlib.Path, key: str, found: StaticFindings) -> None:
    try:
        write_in_cache(store, pickle.dumps((key, found.files, found.files_checked)))
    except OSError:  # a read-only project, or a cache directory that is a link: the next run checks again
        pass


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
