"""``python -m jaxcheck.stubs generate|check``: build the jax stubs, or check them for drift."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from jaxcheck.stubs.build import (
    STUB_PACKAGE,
    TemplateError,
    installed_jax_version,
    signature_drift,
    stub_drift,
    write_stubs,
)
from jaxcheck.stubs.mirror import MirrorError


def default_stub_dir() -> Path | None:
    """The stub package next to jaxcheck: in site-packages once installed, in ``stubs/`` in a checkout."""
    package_root = Path(__file__).resolve().parents[2]
    for candidate in (package_root / STUB_PACKAGE, package_root / "stubs" / STUB_PACKAGE):
        if candidate.is_dir():
            return candidate
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jaxcheck.stubs", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    generate = commands.add_parser("generate", help="write the jax-stubs package for the installed jax")
    generate.add_argument("--output", type=Path, help=f"the {STUB_PACKAGE} directory to write")
    check = commands.add_parser("check", help="exit 1 if the stubs do not match the installed jax")
    check.add_argument("--stubs", type=Path, help=f"the {STUB_PACKAGE} directory to check")
    args = parser.parse_args(argv)

    target = args.output if args.command == "generate" else args.stubs
    target = target or default_stub_dir()
    if target is None:
        parser.error(f"no installed {STUB_PACKAGE} directory found; pass one with --output/--stubs")
    try:
        return _generate(target) if args.command == "generate" else _check(target)
    except (MirrorError, TemplateError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _generate(output: Path) -> int:
    for drift in signature_drift():
        print(f"warning: {drift}; calls using the new parameters will not type-check", file=sys.stderr)
    for path in write_stubs(output):
        print(path)
    print(f"stubs written for jax {installed_jax_version()}")
    return 0


def _check(stub_dir: Path) -> int:
    problems = stub_drift(stub_dir)
    for problem in problems:
        print(problem)
    if problems:
        print(f"run `python -m jaxcheck.stubs generate --output {stub_dir}` to rebuild the stubs")
        return 1
    print(f"{stub_dir} matches jax {installed_jax_version()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
