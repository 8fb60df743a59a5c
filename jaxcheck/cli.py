"""The `jaxcheck` command: argument parsing and printing only; the work is in `api`."""

from __future__ import annotations

import argparse
import pathlib
import sys
from collections.abc import Sequence

from . import __version__, api
from .config import ConfigError, load_config
from .rules import all_rules, rule_by_code_or_name

EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxcheck", description="Find JAX hazards before the code runs."
    )
    parser.add_argument("--version", action="version", version=f"jaxcheck {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser("check", help="lint files and directories")
    check.add_argument("paths", nargs="*", default=["."], metavar="PATH")
    check.add_argument("--format", choices=["text", "json"], default="text")
    check.add_argument("--select", type=_codes, help="comma-separated codes, prefixes or names to run")
    check.add_argument("--ignore", type=_codes, help="comma-separated codes, prefixes or names to skip")
    check.add_argument("--config", type=pathlib.Path, help="pyproject.toml to read [tool.jaxcheck] from")
    check.add_argument("--isolated", action="store_true", help="ignore configuration files")
    check.add_argument("--jobs", "-j", type=_positive, default=None, help="worker processes (default: one per core)")

    rules = commands.add_parser("rules", help="list every rule")
    rules.add_argument("--all", action="store_true", help="include rules that are off by default")
    rule = commands.add_parser("rule", help="show one rule's documentation")
    rule.add_argument("code", help="a code (JAX101) or a name (print-in-jit)")
    return parser


def _codes(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "rules":
            return _list_rules(args)
        return _show_rule(args)
    except ConfigError as error:
        print(f"jaxcheck: configuration error: {error}", file=sys.stderr)
        return EXIT_USAGE


def _check(args: argparse.Namespace) -> int:
    from .config import Config
    from .formats import FORMATS

    if args.isolated:
        config = Config()
    else:
        start = pathlib.Path(args.paths[0]) if args.paths else pathlib.Path.cwd()
        config = load_config(args.config, start=start if start.exists() else pathlib.Path.cwd())
    config = config.with_overrides(args.select, args.ignore)
    result = api.check_paths(args.paths, config, jobs=args.jobs)
    sys.stdout.write(FORMATS[args.format](result))
    return result.exit_code


def _list_rules(args: argparse.Namespace) -> int:
    for rule in all_rules():
        if rule.DEFAULT_ENABLED or args.all:
            default = "" if rule.DEFAULT_ENABLED else "  (off by default)"
            print(f"{rule.CODE}  {rule.NAME:<40} {rule.summary()}{default}")
    return 0


def _show_rule(args: argparse.Namespace) -> int:
    rule = rule_by_code_or_name(args.code)
    if rule is None:
        print(f"jaxcheck: no rule `{args.code}`; `jaxcheck rules` lists them", file=sys.stderr)
        return EXIT_USAGE
    print(f"# {rule.CODE} {rule.NAME}\n")
    print(f"Message: {rule.MESSAGE}")
    if rule.FIX_TITLE:
        print(f"Fix: {rule.FIX_TITLE}")
    print()
    print(rule.docs())
    return 0
