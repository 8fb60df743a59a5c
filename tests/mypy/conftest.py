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
def mypy_cache_dir(tmp_path_factory: pytest.TempPathFactory):
    """One mypy cache for every run in the session: JAX is analysed once."""
    return tmp_path_factory.mktemp("mypy-cache")
