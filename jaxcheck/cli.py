"""The `jaxcheck` command: argument parsing and printing only; the work is in `api`."""

from __future__ import annotations

import argparse
import pathlib
import sys
from collections.abc import Sequence

from . import __version__, api
from .config import ConfigError, load_config
from .rules import all_rules, rule_by_code_or_name
from .runtime import command as validation
from .runtime.options import ValidateOptionsError

EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxcheck", description="Find JAX hazards before the code runs."
    )
    parser.add_argument("--version", action="version", version=f"jaxcheck {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    check = commands.add_parser("check", help="lint files and directories")
    _add_checking_arguments(check)
    check.add_argument("--no-cache", action="store_true", help="do not read or write .jaxcheck_cache/")
    check.add_argument("--fix", action="store_true", help="apply safe fixes to the files")
    check.add_argument("--unsafe-fixes", action="store_true", help="also apply fixes that may change behaviour")
    check.add_argument("--diff", action="store_true", help="print the fixes as a diff; write nothing")
    check.add_argument("--validate", action="store_true", help="run each finding on a device (see `validate`)")
    validation.add_arguments(check)

    validate = commands.add_parser(
        "validate", help="check, then run each finding under jax.jit: confirmed / refuted / inconclusive"
    )
    _add_checking_arguments(validate)
    validation.add_arguments(validate)

    rules = commands.add_parser("rules", help="list every rule")
    rules.add_argument("--all", action="store_true", help="include rules that are off by default")
    rule = commands.add_parser("rule", help="show one rule's documentation")
    rule.add_argument("code", help="a code (JAX101) or a name (print-in-jit)")
    return parser


def _add_checking_arguments(parser: argparse.ArgumentParser) -> None:
    """What `check` and `validate` share: paths, output format, rule selection, config, jobs."""
    parser.add_argument("paths", nargs="*", default=["."], metavar="PATH")
    parser.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text")
    parser.add_argument("--select", type=_codes, help="comma-separated codes, prefixes or names to run")
    parser.add_argument("--ignore", type=_codes, help="comma-separated codes, prefixes or names to skip")
    parser.add_argument("--config", type=pathlib.Path, help="pyproject.toml to read [tool.jaxcheck] from")
    parser.add_argument("--isolated", action="store_true", help="ignore configuration files")
    parser.add_argument("--jobs", "-j", type=_positive, default=None, help="worker processes (default: one per core)")


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
        if args.command in ("check", "validate"):
            return _check(args)
        if args.command == "rules":
            return _list_rules(args)
        return _show_rule(args)
    except ConfigError as error:
        print(f"jaxcheck: configuration error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ValidateOptionsError as error:
        print(f"jaxcheck: {error}", file=sys.stderr)
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
    if args.command == "validate" or args.validate:
        result = validation.run(args.paths, config, args, jobs=args.jobs)
        sys.stdout.write(FORMATS[args.format](result))
        return result.exit_code
    if args.fix or args.diff or args.unsafe_fixes:
        return _fix(args, config)
    result = api.check_paths(
        args.paths, config, jobs=args.jobs, use_cache=not args.no_cache, progress=_progress_reporter()
    )
    sys.stdout.write(FORMATS[args.format](result))
    _say_stub_mismatch()
    return result.exit_code


def _say_stub_mismatch() -> None:
    """Generated jax stubs that describe another jax than the installed one mislead every type
    checker in this environment: say so once per run (reading two files, importing nothing)."""
    from .stubs.installed import mismatch_notice

    notice = mismatch_notice()
    if notice is not None:
        print(f"jaxcheck: note: {notice}", file=sys.stderr)


def _fix(args: argparse.Namespace, config) -> int:
    from .formats import FORMATS

    outcomes, result = api.fix_paths(args.paths, config, unsafe=args.unsafe_fixes, write=not args.diff)
    changed = [o for o in outcomes if o.changed]
    if args.diff:
        sys.stdout.write("".join(o.diff() for o in changed))
        fixable = sum(len(o.applied) for o in changed)
        print(f"Would fix {fixable} finding{'s' * (fixable != 1)} in {len(changed)} file{'s' * (len(changed) != 1)}.", file=sys.stderr)
        return 1 if changed else result.exit_code
    fixed = sum(len(o.applied) for o in changed)
    sys.stdout.write(FORMATS[args.format](result))
    if args.format == "text":
        print(f"Fixed {fixed} finding{'s' * (fixed != 1)} in {len(changed)} file{'s' * (len(changed) != 1)}.")
    return result.exit_code


def _progress_reporter():
    """Progress on stderr for long runs, only when a person is watching."""
    if not sys.stderr.isatty():
        return None
    shown = [False]

    def report(done: int, total: int) -> None:
        if total < 200:
            return
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\rjaxcheck: {done}/{total} files{end}")
        sys.stderr.flush()
        shown[0] = True

    return report


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
