"""Marks the slow parts of the suite so `pytest -m "not slow"` is a fast loop; CI runs all.

Slow means the test starts another tool or jax itself: mypy, pyright, jedi and the stub
checks, pre-commit, the validator, the evidence tests that run every rule's examples on jax,
and the fixes over a whole corpus.
"""

from __future__ import annotations

import hashlib
import pathlib
import shutil

import pytest
from second_process import register as register_second_process

_SLOW_DIRECTORIES = ("mypy", "runtime", "stubs", "typing", "evidence")
_SLOW_FILES = ("integrations/test_precommit.py", "test_fix_corpus.py")
_TESTS = pathlib.Path(__file__).parent


def pytest_configure(config: pytest.Config) -> None:
    register_second_process(config)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        relative = pathlib.Path(item.path).relative_to(_TESTS).as_posix()
        if relative.split("/")[0] in _SLOW_DIRECTORIES or relative in _SLOW_FILES:
            item.add_marker(pytest.mark.slow)


# mypy's cache for a plugin run is valid only for the plugin's own entry module (mypy hashes the
# file named in `plugins`, not the modules it imports), so the caches are kept under a hash of
# jaxcheck's sources and the stub templates.
_CACHE_KEY_SOURCES = ("*.py", "*.pyi.in")


def _source_digest() -> str:
    digest = hashlib.sha256()
    package = _TESTS.parent / "jaxcheck"
    for path in sorted(p for pattern in _CACHE_KEY_SOURCES for p in package.rglob(pattern)):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def mypy_cache_root(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """The root of the mypy caches that every mypy run of the session shares, one directory per
    configuration: ``nostubs`` and ``stubs`` (jax's own types, or the generated stubs), each with
    ``-plugin`` when jaxcheck's plugin is on.

    mypy re-analyses all of jax when the plugins differ from the cache's, so runs of two
    configurations in one directory undo each other's cache; in their own directories each
    configuration analyses jax once per session. mypy still checks every cached module against
    its source and options, so sharing saves time and changes no result. The root is in pytest's
    cache (a second session starts warm), under a hash of jaxcheck's sources, older roots removed.
    """
    cache = getattr(request.config, "cache", None)
    if cache is None:
        return tmp_path_factory.mktemp("mypy-caches")
    parent = pathlib.Path(cache.mkdir("jaxcheck-mypy"))
    digest = _source_digest()
    for old in parent.iterdir():
        if old.name != digest:
            shutil.rmtree(old, ignore_errors=True)
    root = parent / digest
    root.mkdir(exist_ok=True)
    return root
