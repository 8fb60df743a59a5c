"""The `jaxcheck` command: argument parsing and printing only; the work is in `api`."""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time
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

    check = commands.add_parser(
        "check", help="lint files and directories",
        description="Lint files and directories (`-` reads the source from stdin).",
    )
    _add_checking_arguments(check)
    check.add_argument("--no-cache", action="store_true", help="do not read or write .jaxcheck_cache/")
    check.add_argument("--fix", action="store_true", help="apply safe fixes to the files (stdin: print the fixed source)")
    check.add_argument("--unsafe-fixes", action="store_true", help="also fixes that may change behaviour (with --fix or --diff: apply them; else: mark them [*])")
    check.add_argument("--diff", action="store_true", help="print the fixes as a diff; write nothing")
    check.add_argument("--show-fixes", action="store_true", help="with --fix: list what was fixed per file; without: list the fixable findings")
    check.add_argument("--statistics", action="store_true", help="print the number of findings per code instead of the findings")
    check.add_argument("--add-noqa", action="store_true", help="add `# noqa: CODE` to each line with a finding")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings (not when a file or the config is broken)")
    check.add_argument("--exit-non-zero-on-fix", action="store_true", help="with --fix: exit 1 when a file was fixed, even if no finding is left")
    check.add_argument("--stdin-filename", metavar="PATH", help="the path of the source read from stdin (for config, per-file-ignores, output and imports)")
    check.add_argument(
        "--project", action="store_true",
        help="analyse every file of the project that holds the paths (its root: the nearest directory with a "
        "pyproject.toml, setup.py, setup.cfg or .git) and report only the paths' findings (the pre-commit hook's way)",
    )
    check.add_argument("--watch", "-w", action="store_true", help="check again whenever a checked file changes (Ctrl-C stops)")
    check.add_argument("--validate", action="store_true", help="run each finding on a device (see `validate`)")
    validation.add_arguments(check)

    validate = commands.add_parser(
        "validate", help="check, then run each finding under jax.jit: confirmed / refuted / inconclusive"
    )
    _add_checking_arguments(validate)
    validate.set_defaults(stdin_filename=None, validate=True, add_noqa=False, watch=False, project=False)
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
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files and directories (default: .)")
    parser.add_argument(
        "--output-format", "--format", dest="format", default="text", metavar="FORMAT",
        choices=["text", "concise", "full", "grouped", "json", "sarif", "github"],
        help="text (the default) and concise: one line a finding; full: with the source line and "
        "the fix; grouped: by file; json, sarif, github: for machines",
    )
    parser.add_argument("--select", type=_codes, metavar="CODES", help="comma-separated codes, prefixes or names to run (replaces the config's)")
    parser.add_argument("--extend-select", type=_codes, metavar="CODES", help="codes, prefixes or names to run as well")
    parser.add_argument("--ignore", type=_codes, metavar="CODES", help="comma-separated codes, prefixes or names to skip")
    parser.add_argument("--extend-ignore", type=_codes, metavar="CODES", help="codes, prefixes or names to skip as well")
    parser.add_argument(
        "--show-info", action="store_true",
        help="also report `info` findings (by default the recompilation and key rules' findings in test code; see `info-in-tests`); they never fail the run",
    )
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
        if not sys.stdout.closed:  # a program `jaxcheck run` ran may have closed it
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
    from .formats import render

    stdin = _reads_stdin(args)
    if stdin is None:
        return EXIT_USAGE
    args.paths = args.paths or ["."]
    config = _config(args, stdin)
    if args.command == "validate" or args.validate:
        from .runtime.supervisor import ValidatorUnavailable

        try:
            result = validation.run(
                args.paths, config, args, jobs=args.jobs, progress=lambda verb: _progress_reporter(args.format, verb),
            )
        except ValidatorUnavailable as unavailable:
            sys.stdout.write(render(args.format, unavailable.result))
            print(f"jaxcheck: the findings above were not validated: {unavailable}", file=sys.stderr)
            return EXIT_USAGE
        sys.stdout.write(render(args.format, result))
        _say_notes(result)
        return _exit_code(args, result.exit_code)
    if stdin:
        return _check_stdin(args, config)
    if args.add_noqa:
        return _add_noqa(args, config)
    if args.watch:
        return _watch(args, config)
    if args.fix or args.diff:  # `--unsafe-fixes` only widens what these apply
        return _fix(args, config)
    result = api.check_paths(
        args.paths, config, jobs=args.jobs, use_cache=not args.no_cache, progress=_progress_reporter(args.format),
        whole_project=args.project,
    )
    _report(args, result)
    _say_notes(result)
    _say_stub_mismatch()
    return _exit_code(args, result.exit_code)


def _reads_stdin(args: argparse.Namespace) -> bool | None:
    """Whether the source comes from stdin (`-`, or --stdin-filename without paths); None after
    saying why the options do not go together."""
    stdin = args.paths == ["-"] or (not args.paths and getattr(args, "stdin_filename", None) is not None)
    conflict = None
    if "-" in args.paths and len(args.paths) > 1:
        conflict = "`-` (stdin) cannot be checked with other paths"
    elif stdin and (args.command == "validate" or args.validate):
        conflict = "stdin cannot be validated; give the file's path"
    elif stdin and (args.add_noqa or args.watch):
        conflict = f"{'--add-noqa' if args.add_noqa else '--watch'} needs files, not stdin"
    if conflict is not None:
        print(f"jaxcheck: {conflict}", file=sys.stderr)
        return None
    return stdin


def _config(args: argparse.Namespace, stdin: bool):
    """The configuration nearest the first path (or the file stdin names), with the command
    line's rule choices over it."""
    from .config import Config, load_config

    if args.isolated:
        config = Config()
    else:
        named = args.stdin_filename if stdin else None
        start = pathlib.Path(named if named is not None else args.paths[0])
        config = load_config(args.config, start=start if start.exists() else pathlib.Path.cwd())
        if named is not None and not start.exists() and start.parent.exists():
            config = load_config(args.config, start=start.parent)
    return config.with_overrides(args.select, args.ignore, args.extend_select, args.extend_ignore, args.show_info)


def _exit_code(args: argparse.Namespace, status: int, fixed: int = 0) -> int:
    """--exit-zero turns findings (1) into 0, never a broken file or config (2);
    --exit-non-zero-on-fix turns a run that fixed something into 1."""
    if getattr(args, "exit_non_zero_on_fix", False) and fixed and status == 0:
        status = 1
    if getattr(args, "exit_zero", False) and status == 1:
        return 0
    return status


def _report(args: argparse.Namespace, result, fixing: bool = False) -> None:
    """The findings (or their --statistics) in the chosen format, and for people what --fix
    could do with them (unless ``fixing``: `_fix` says what it did instead)."""
    from .formats import FOR_PEOPLE, render
    from .summaries import fix_availability, statistics

    unsafe = args.unsafe_fixes
    if args.statistics:
        entries = statistics(result.diagnostics, unsafe)
        if args.format == "json":
            import json

            sys.stdout.write(json.dumps([e.to_json() for e in entries], indent=2) + "\n")
            return
        count_width = max((len(str(e.count)) for e in entries), default=1)
        code_width = max((len(e.code) for e in entries), default=1)
        any_fixable = any(e.fixable for e in entries)  # as ruff: no markers when nothing is fixable
        for e in entries:
            marker = ("[*] " if e.fixable else "[ ] ") if any_fixable else ""
            print(f"{e.count:>{count_width}}\t{e.code:<{code_width}}\t{marker}{e.name}")
        for error in result.errors:
            print(f"{error.path}: {error.code} {error.message}", file=sys.stderr)
        return
    sys.stdout.write(render(args.format, result, unsafe))
    if args.format not in FOR_PEOPLE or fixing:
        return
    if args.show_fixes:
        _show_fixable(result.diagnostics, unsafe)
    available = fix_availability(result.diagnostics, unsafe)
    hidden = _hidden_fixes(available.hidden)
    if available.applicable:
        print(f"[*] {available.applicable} fixable with the `--fix` option{f' ({hidden})' if hidden else ''}.")
    elif hidden:
        print(f"No fixes available ({hidden}).")


def _hidden_fixes(count: int) -> str:
    if not count:
        return ""
    return f"{count} hidden fix{'es' * (count != 1)} can be enabled with the `--unsafe-fixes` option"


def _show_fixable(diagnostics, unsafe: bool) -> None:
    from .fix import applicable

    fixable = [d for d in diagnostics if d.fix is not None]
    if not fixable:
        print("No fixable findings.")
        return
    print("Fixable findings:")
    for d in fixable:
        needs = "" if applicable(d, unsafe) else " (needs `--unsafe-fixes`)"
        print(f"  {d.path}:{d.line}:{d.column}: {d.code} {d.fix.title}{needs}")


def _check_stdin(args: argparse.Namespace, config) -> int:
    from . import api
    from .formats import render
    from .parsing import source_encoding

    data = sys.stdin.buffer.read()
    try:
        source = data.decode(source_encoding(data))
    except (ValueError, SyntaxError, LookupError) as error:
        print(f"jaxcheck: stdin: cannot decode: {error}", file=sys.stderr)
        return EXIT_USAGE
    if not (args.fix or args.diff):
        result = api.check_stdin(source, args.stdin_filename, config)
        _report(args, result)
        return _exit_code(args, result.exit_code)
    outcome = api.fix_stdin(source, args.stdin_filename, config, unsafe=args.unsafe_fixes)
    remaining = api.CheckResult([outcome.result] if outcome.result else [], files_checked=1, sources={outcome.path: outcome.fixed})
    if outcome.error is not None:
        remaining.files.append(api.FileResult(outcome.path, error=outcome.error))
    if args.diff:
        sys.stdout.write(outcome.diff())
        return _exit_code(args, 1 if outcome.changed and not remaining.errors else remaining.exit_code)
    sys.stdout.write(outcome.fixed)  # as ruff does: the fixed source on stdout, the report on stderr
    sys.stderr.write(render("text", remaining, args.unsafe_fixes))
    return _exit_code(args, remaining.exit_code, fixed=len(outcome.applied))


def _add_noqa(args: argparse.Namespace, config) -> int:
    from . import api

    outcomes = api.add_noqa_paths(args.paths, config, jobs=args.jobs)
    status = 0
    for outcome in outcomes:
        for line, why in outcome.skipped:
            print(f"{outcome.path}:{line}: no noqa comment added: {why}", file=sys.stderr)
        if outcome.error is not None:
            print(f"{outcome.path}: {outcome.error.code} {outcome.error.message}", file=sys.stderr)
            status = EXIT_USAGE
    added = sum(o.added for o in outcomes)
    print(f"Added {added} noqa directive{'s' * (added != 1)}.", file=sys.stderr)
    return status


def _watch(args: argparse.Namespace, config) -> int:
    """Check, then poll the checked files (and new ones under the paths) twice a second and
    check again when one changes; Ctrl-C ends it with status 0."""
    from . import api

    clear = "\x1b[2J\x1b[H" if sys.stdout.isatty() else ""
    try:
        sys.stdout.write(f"{clear}[{time.strftime('%H:%M:%S')}] Starting linter in watch mode...\n")
        while True:
            stamps = api.watched_files(args.paths, config)
            if args.fix or args.diff:
                _fix(args, config)
                stamps = api.watched_files(args.paths, config)  # what the fixes wrote is no change to report
            else:
                _report(args, api.check_paths(args.paths, config, jobs=args.jobs, use_cache=not args.no_cache))
            print(f"[{time.strftime('%H:%M:%S')}] Watching for file changes.", flush=True)
            while api.watched_files(args.paths, config) == stamps:
                time.sleep(0.5)
            sys.stdout.write(f"{clear}[{time.strftime('%H:%M:%S')}] File change detected...\n")
    except KeyboardInterrupt:
        return 0


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
    from .formats import FOR_PEOPLE
    from .summaries import fix_availability, fixed_per_file

    outcomes, result = api.fix_paths(
        args.paths, config, unsafe=args.unsafe_fixes, write=not args.diff, progress=_progress_reporter(args.format)
    )
    changed = [o for o in outcomes if o.changed]
    fixed = sum(len(o.applied) for o in changed)
    files = f"{len(changed)} file{'s' * (len(changed) != 1)}"
    hidden = _hidden_fixes(fix_availability(result.diagnostics, args.unsafe_fixes).hidden)
    hint = f" ({hidden})" if hidden else ""
    if args.diff:
        sys.stdout.write("".join(o.diff() for o in changed))
        print(f"Would fix {fixed} finding{'s' * (fixed != 1)} in {files}{hint}.", file=sys.stderr)
        return _exit_code(args, 1 if changed and not result.errors else result.exit_code)
    _report(args, result, fixing=True)
    if args.format in FOR_PEOPLE and not args.statistics:
        listed = fixed_per_file(changed) if args.show_fixes else {}
        print(f"Fixed {fixed} finding{'s' * (fixed != 1)} in {files}{hint}{':' if listed else '.'}")
        for path, counts in listed.items():
            print(f"- {path}:")
            width = max(len(str(count)) for count, _, _ in counts)
            for count, code, name in counts:
                print(f"    {count:>{width}} × {code} ({name})")
    return _exit_code(args, result.exit_code, fixed=fixed)


# What each phase's progress line counts: `check` reads files, `validate` then runs findings.
PROGRESS_UNITS = {"checked": "files", "validated": "findings"}


def _progress_reporter(format_name: str, verb: str = "checked"):
    """A single updating line "checked N/M files" on stderr (`validate`'s experiments: "validated
    N/M findings"), for runs that last more than about a second (JAXCHECK_PROGRESS_AFTER seconds),
    only when a person is watching: stderr is a terminal and the output is not for a machine."""
    from .formats import FOR_PEOPLE

    if format_name not in FOR_PEOPLE or not sys.stderr.isatty():
        return None
    started = time.monotonic()
    after = float(os.environ.get("JAXCHECK_PROGRESS_AFTER", "1.0"))
    shown = [False]

    def report(done: int, total: int) -> None:
        if not shown[0] and time.monotonic() - started < after:
            return
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r{verb} {done}/{total} {PROGRESS_UNITS[verb]}{end}")
        sys.stderr.flush()
        shown[0] = True

    return report


def _server() -> int:
    try:
        from .server import main as serve
    except ImportError as error:
        print(f"jaxcheck: the language server needs pygls ({error}); {_how_to_install_the_server()}", file=sys.stderr)
        return EXIT_USAGE
    return serve()


def _how_to_install_the_server() -> str:
    """Commands that install the ``server`` extra into this interpreter's environment (jaxcheck
    is on no package index, so ``pip install "jaxcheck[server]"`` finds nothing)."""
    import importlib.metadata

    try:
        requirements = importlib.metadata.requires("jaxcheck") or []
    except importlib.metadata.PackageNotFoundError:
        requirements = []
    pygls = next(
        (r.partition(";")[0].strip() for r in requirements if r.startswith("pygls") and "server" in r.partition(";")[2]),
        "pygls",
    )
    python = sys.executable or "python3"
    advice = f'install it with: {python} -m pip install "{pygls}"'
    checkout = pathlib.Path(__file__).resolve().parents[1]
    if (checkout / "pyproject.toml").is_file():
        advice += f' (or, from this checkout: {python} -m pip install -e "{checkout}[server]")'
    return advice


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
