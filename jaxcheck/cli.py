"""The `jaxcheck` command: argument parsing and printing only; the work is in `api`."""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import traceback
from collections.abc import Sequence

from . import __version__
from .diagnostics import TOOL_CODES
from .runtime import command as validation
from .runtime.options import ValidateOptionsError

# The checker (`api`, `config`, `rules`: libcst) is imported by the commands that use it, so that
# `jaxcheck run` starts the program without it (its static check runs in a process of its own).

EXIT_USAGE = 2
EXIT_CRASH = 3  # a bug in jaxcheck ended the run (1 stays "findings")
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a command whose reader went away
EXIT_INTERRUPTED = 130  # 128 + SIGINT


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
    check.add_argument("--unsafe-fixes", action="store_true", help="with --fix or --diff, also fixes that may change behaviour")
    check.add_argument("--diff", action="store_true", help="print the fixes as a diff; write nothing")
    check.add_argument("--validate", action="store_true", help="run each finding on a device (see `validate`)")
    validation.add_arguments(check)

    validate = commands.add_parser(
        "validate", help="check, then run each finding under jax.jit: confirmed / refuted / inconclusive"
    )
    _add_checking_arguments(validate)
    validation.add_arguments(validate)

    run = commands.add_parser(
        "run", help="run a program with JAX's instrumentation: compiles per function, why, and the findings it confirms"
    )
    validation.add_run_arguments(run)

    rules = commands.add_parser("rules", help="list every rule")
    rules.add_argument("--all", action="store_true", help="also the tool's own codes and rules off by default")
    rule = commands.add_parser("rule", help="show one rule's documentation")
    rule.add_argument("code", help="a code (JAX101) or a name (print-in-jit)")
    commands.add_parser("server", help="run the language server (LSP over stdio) for editors")
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
    try:
        status = _main(argv)
        sys.stdout.flush()  # here, not at exit, so that a closed pipe is handled below
        return status
    except KeyboardInterrupt:
        print("jaxcheck: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (`| head`) has gone: stop quietly, and let nothing flush into the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception:  # noqa: BLE001 - a crash must not look like "findings" (exit 1)
        traceback.print_exc()
        message = "internal error (a bug in jaxcheck); please report it with the traceback above"
        print(f"jaxcheck {__version__}: {message}", file=sys.stderr)
        return EXIT_CRASH


def _main(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "run":
        return _run(args)
    from .config import ConfigError

    try:
        if args.command in ("check", "validate"):
            return _check(args)
        if args.command == "rules":
            return _list_rules(args)
        if args.command == "server":
            return _server()
        return _show_rule(args)
    except ConfigError as error:
        print(f"jaxcheck: configuration error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ValidateOptionsError as error:
        print(f"jaxcheck: {error}", file=sys.stderr)
        return EXIT_USAGE


def _check(args: argparse.Namespace) -> int:
    from . import api
    from .config import Config, load_config
    from .formats import FORMATS

    if args.isolated:
        config = Config()
    else:
        start = pathlib.Path(args.paths[0]) if args.paths else pathlib.Path.cwd()
        config = load_config(args.config, start=start if start.exists() else pathlib.Path.cwd())
    config = config.with_overrides(args.select, args.ignore)
    if args.command == "validate" or args.validate:
        from .runtime.supervisor import ValidatorUnavailable

        try:
            result = validation.run(args.paths, config, args, jobs=args.jobs)
        except ValidatorUnavailable as unavailable:
            sys.stdout.write(FORMATS[args.format](unavailable.result))
            print(f"jaxcheck: the findings above were not validated: {unavailable}", file=sys.stderr)
            return EXIT_USAGE
        sys.stdout.write(FORMATS[args.format](result))
        _say_notes(result)
        return result.exit_code
    if args.fix or args.diff:  # `--unsafe-fixes` only widens what these apply
        return _fix(args, config)
    result = api.check_paths(
        args.paths, config, jobs=args.jobs, use_cache=not args.no_cache, progress=_progress_reporter()
    )
    sys.stdout.write(FORMATS[args.format](result))
    _say_notes(result)
    _say_stub_mismatch()
    return result.exit_code


def _say_notes(result) -> None:
    """What the run as a whole should tell the user (a cache not used, a limit of the analysis
    reached), once each, on stderr so that the output stays its format."""
    for note in result.notes:
        print(f"jaxcheck: note: {note}", file=sys.stderr)


def _run(args: argparse.Namespace) -> int:
    from .runtime.run import RunError

    try:
        return validation.run_program(args)
    except RunError as error:
        print(f"jaxcheck: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ValidateOptionsError as error:
        print(f"jaxcheck: {error}", file=sys.stderr)
        return EXIT_USAGE


def _say_stub_mismatch() -> None:
    """Generated jax stubs that describe another jax than the installed one mislead every type
    checker in this environment: say so once per run (reading two files, importing nothing)."""
    from .stubs.installed import mismatch_notice

    notice = mismatch_notice()
    if notice is not None:
        print(f"jaxcheck: note: {notice}", file=sys.stderr)


def _fix(args: argparse.Namespace, config) -> int:
    from . import api
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


def _server() -> int:
    try:
        from .server import main as serve
    except ImportError as error:
        print(f"jaxcheck: the language server needs pygls ({error}); install it with: pip install \"jaxcheck[server]\"", file=sys.stderr)
        return EXIT_USAGE
    return serve()


def _list_rules(args: argparse.Namespace) -> int:
    from .rules import all_rules

    if args.all:
        for code, (name, text) in TOOL_CODES.items():
            print(f"{code}  {name:<40} {text.split(':')[0].split('.')[0]}  (reported by the tool)")
    for rule in all_rules():
        if rule.DEFAULT_ENABLED or args.all:
            default = "" if rule.DEFAULT_ENABLED else "  (off by default)"
            print(f"{rule.CODE}  {rule.NAME:<40} {rule.summary()}{default}")
    return 0


def _show_rule(args: argparse.Namespace) -> int:
    from .rules import rule_by_code_or_name

    for code, (name, text) in TOOL_CODES.items():
        if args.code.strip().upper() == code or args.code.strip() == name:
            print(f"# {code} {name}\n\n{text}")
            return 0
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
