"""Where the user's generated ``jax-stubs`` are, and whether they still match the installed jax.

Cheap and free of jax imports, so the linter and the mypy plugin can ask on every run: the jax
version comes from the package metadata, the stubs' version from their first line.
"""

from __future__ import annotations

import re
import sys
import sysconfig
from pathlib import Path

STUB_PACKAGE = "jax-stubs"


class _VersionRange:
    """The jax versions the generated stubs are tested on, oldest and newest (release numbers
    only: ``0.4.30`` to any ``0.10.x``)."""

    def __init__(self, oldest: str, below: str) -> None:
        self.oldest, self.below = oldest, below

    def contains(self, version: str) -> bool:
        return _release(self.oldest) <= _release(version) < _release(self.below)

    def __str__(self) -> str:
        return f">={self.oldest},<{self.below}"


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3])


SUPPORTED_JAX = _VersionRange("0.4.30", "0.11")


def unsupported_jax(version: str) -> str | None:
    """Why stubs for jax ``version`` cannot be trusted: outside :data:`SUPPORTED_JAX`; None when
    it is inside. The generator reads jax's modules and its own ``.pyi`` files, whose layout
    changes between releases: an untested jax may give stubs that reject code that runs."""
    if SUPPORTED_JAX.contains(version):
        return None
    advice = (
        f"upgrade jax to {SUPPORTED_JAX.oldest} or later"
        if _release(version) < _release(SUPPORTED_JAX.oldest)
        else "use a jaxcheck release that supports it"
    )
    return f"jaxcheck's jax stubs support jax{SUPPORTED_JAX}, not jax {version}: {advice}"


_HEADER_VERSION = re.compile(r"^# Type stubs for jax (\S+), generated")
INSTALL_COMMAND = "python -m jaxcheck.stubs install"
UNINSTALL_COMMAND = "python -m jaxcheck.stubs uninstall"


def default_install_dir() -> Path:
    """Where ``install`` puts the stubs: this interpreter's site-packages."""
    return Path(sysconfig.get_paths()["purelib"]) / STUB_PACKAGE


def find_installed_stubs(search_path: list[str] | None = None) -> Path | None:
    """The first ``jax-stubs`` directory on the import path (where type checkers look)."""
    for entry in search_path if search_path is not None else sys.path:
        candidate = Path(entry or ".") / STUB_PACKAGE
        if (candidate / "__init__.pyi").is_file():
            return candidate
    return None


def stubbed_jax_version(stub_dir: Path) -> str | None:
    """The jax version the stubs in ``stub_dir`` were generated for (None if not ours)."""
    try:
        with (stub_dir / "__init__.pyi").open(encoding="utf-8") as stub:
            first_line = stub.readline()
    except OSError:
        return None
    match = _HEADER_VERSION.match(first_line)
    return match.group(1) if match else None


def installed_jax_distribution_version(search_path: list[str] | None = None) -> str | None:
    """The version of the jax whose package metadata is on ``search_path`` (this interpreter's
    import path by default)."""
    from importlib import metadata  # only where stubs are installed: a tenth of `check`'s start-up

    path = sys.path if search_path is None else search_path
    distribution = next(iter(metadata.distributions(name="jax", path=path)), None)
    return None if distribution is None else distribution.version


def unsupported_stubs_notice(stub_dir: Path, installed: str) -> str | None:
    """What to say about stubs in ``stub_dir`` where the installed jax is not supported."""
    unsupported = unsupported_jax(installed)
    if unsupported is None:
        return None
    return f"{stub_dir} may reject code that runs: {unsupported}, or remove them with `{UNINSTALL_COMMAND}`"


def mismatch_notice(search_path: list[str] | None = None) -> str | None:
    """One line for the user when generated stubs describe another jax than the installed one,
    both looked up on ``search_path`` (this interpreter's import path by default)."""
    stub_dir = find_installed_stubs(search_path)
    if stub_dir is None:
        return None
    stubbed = stubbed_jax_version(stub_dir)
    if stubbed is None:
        return None  # someone else's jax-stubs: not ours to judge
    installed = installed_jax_distribution_version(search_path)
    if installed is None:
        return f"{stub_dir} describes jax {stubbed}, but jax is not installed"
    unsupported = unsupported_stubs_notice(stub_dir, installed)
    if unsupported is not None:
        return unsupported
    if installed == stubbed:
        return None
    return (
        f"{stub_dir} describes jax {stubbed}, but jax {installed} is installed; "
        f"run `{INSTALL_COMMAND}` to regenerate the stubs"
    )
