"""``python -m jaxcheck.stubs install|uninstall|generate|check``: the opt-in jax stubs.

Installing jaxcheck installs no stubs. ``install`` generates ``jax-stubs`` for the jax in this
environment and puts them in its site-packages, where pyright, mypy and jedi find them;
``uninstall`` removes them. After upgrading jax, run ``install`` again (the linter and the mypy
plugin say so when the versions differ).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from jaxcheck.stubs.build import (
    TemplateError,
    installed_jax_version,
    signature_drift,
    stub_drift,
    write_stubs,
)
from jaxcheck.stubs.installed import (
    STUB_PACKAGE,
    default_install_dir,
    find_installed_stubs,
    stubbed_jax_version,
    unsupported_jax,
    unsupported_stubs_notice,
)
from jaxcheck.stubs.mirror import MirrorError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jaxcheck.stubs", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    install = commands.add_parser("install", help="generate the stubs for this jax into site-packages")
    uninstall = commands.add_parser("uninstall", help="remove stubs that `install` put there")
    for command in (install, uninstall):
        command.add_argument(
            "--target", type=Path, default=default_install_dir(),
            help=f"the {STUB_PACKAGE} directory (default: %(default)s)",
        )
    generate = commands.add_parser("generate", help=f"write the {STUB_PACKAGE} package into a directory")
    generate.add_argument("--output", type=Path, required=True, help=f"the {STUB_PACKAGE} directory to write")
    check = commands.add_parser("check", help="exit 1 if the stubs do not match the installed jax")
    check.add_argument("--stubs", type=Path, help=f"the {STUB_PACKAGE} directory to check")
    args = parser.parse_args(argv)

    try:
        if args.command in ("install", "generate"):
            return _generate(args.target if args.command == "install" else args.output)
        if args.command == "uninstall":
            return _uninstall(args.target)
        target = args.stubs or find_installed_stubs()
        if target is None:
            print(f"no {STUB_PACKAGE} installed; `python -m jaxcheck.stubs install` adds them")
            return 0
        return _check(target)
    except (MirrorError, TemplateError, ImportError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _generate(output: Path) -> int:
    if output.exists() and any(output.iterdir()) and stubbed_jax_version(output) is None:
        print(f"error: {output} holds files jaxcheck did not write; choose another place", file=sys.stderr)
        return 2
    unsupported = unsupported_jax(installed_jax_version())
    if unsupported is not None:
        print(f"error: {unsupported}; no stubs written", file=sys.stderr)
        return 2
    for drift in signature_drift():
        print(f"note: {drift}; typed from this jax's own signature", file=sys.stderr)
    write_stubs(output)
    print(f"{output}: stubs for jax {installed_jax_version()}")
    return 0


def _uninstall(target: Path) -> int:
    if stubbed_jax_version(target) is None:
        print(f"error: {target} holds no stubs written by jaxcheck", file=sys.stderr)
        return 2
    shutil.rmtree(target)
    print(f"removed {target}")
    return 0


def _check(stub_dir: Path) -> int:
    unsupported = unsupported_stubs_notice(stub_dir, installed_jax_version())
    if unsupported is not None:
        print(unsupported)
        return 1
    problems = stub_drift(stub_dir)
    for problem in problems:
        print(problem)
    if problems:
        print("run `python -m jaxcheck.stubs install` to regenerate the stubs")
        return 1
    print(f"{stub_dir} matches jax {installed_jax_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
