"""Options for the mypy plugin tests: ``--update-mypy`` rewrites the expectations in the data
files from mypy's actual output (also ``JAXCHECK_UPDATE_MYPY=1``)."""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-mypy",
        action="store_true",
        default=False,
        help="rewrite the `# E:`/`# N:` expectations in tests/mypy/data from mypy's output",
    )


@pytest.fixture(scope="session")
def update_expectations(request: pytest.FixtureRequest) -> bool:
    """Whether to rewrite expectations instead of comparing with them."""
    return bool(request.config.getoption("--update-mypy")) or os.environ.get(
        "JAXCHECK_UPDATE_MYPY", ""
    ) not in ("", "0")


@pytest.fixture(scope="session")
def mypy_cache_dir(mypy_cache_root):
    """The cache of every run with the plugin over jax's own types: JAX is analysed once."""
    return mypy_cache_root / "nostubs-plugin"


@pytest.fixture(scope="session")
def mypy_cache_without_plugin(mypy_cache_root):
    """The cache of the runs without the plugin over jax's own types (a run without the plugin
    in ``mypy_cache_dir`` would make the next run with it analyse JAX again)."""
    return mypy_cache_root / "nostubs"


@pytest.fixture(scope="session")
def mypy_site_flags(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """mypy flags that hide an installed ``jax-stubs`` package (``[]`` when there is none).

    A regular install of jaxcheck puts ``jax-stubs`` in site-packages, where mypy prefers it to
    jax's own inline types; the expectations here are about the plugin over jax's own types
    (tests/stubs cover the stubs). mypy is pointed at an interpreter whose site-packages
    mirror this one's, less the stubs.
    """
    import site
    import subprocess
    import sys
    from pathlib import Path

    directories = [Path(p) for p in (*site.getsitepackages(), *sys.path) if p.endswith("site-packages")]
    if not any((directory / "jax-stubs").is_dir() for directory in directories):
        return []
    environment = tmp_path_factory.mktemp("mypy-python-without-jax-stubs")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(environment)], check=True)
    python = environment / "bin" / "python"
    overlay = Path(
        subprocess.run(
            [str(python), "-c", "import site; print(site.getsitepackages()[0])"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    )
    for directory in directories:
        for entry in directory.iterdir():
            hidden = entry.name.startswith("jax-stubs") or entry.suffix == ".pth"
            if not hidden and not (overlay / entry.name).exists():
                (overlay / entry.name).symlink_to(entry)
    return ["--python-executable", str(python)]
