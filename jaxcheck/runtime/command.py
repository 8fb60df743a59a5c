"""What `jaxcheck validate` and `jaxcheck check --validate` need from the command line and the
config, kept here so the CLI stays thin (it parses and prints; no jax is imported here)::

    validate = commands.add_parser("validate", help="...")
    validate.add_argument("paths", nargs="*", default=["."])
    command.add_arguments(validate)
    ...
    result = command.run(args.paths, config, args, jobs=args.jobs)
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
from collections.abc import Callable, Sequence

from typing import TYPE_CHECKING, Any, TextIO

from .options import DEVICES, ValidateOptions

if TYPE_CHECKING:
    from ..api import CheckResult


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The validator's options (defaults None: the config, then ValidateOptions, decide)."""
    group = parser.add_argument_group("validation")
    group.add_argument("--device", choices=DEVICES, default=None, help="where to run the experiments (default: cpu)")
    group.add_argument("--timeout", type=float, default=None, metavar="SECONDS", help="time limit per finding (default: 60)")
    group.add_argument("--module-timeout", type=float, default=None, metavar="SECONDS", help="time limit per module (default: 300)")
    group.add_argument("--memory-mb", type=int, default=None, metavar="MIB", help="memory a worker may write on CPU, in MiB (default: 4096)")
    group.add_argument("--drop-refuted", action="store_true", default=None, help="hide findings the device refuted")
    group.add_argument(
        "--python", default=None, metavar="PATH",
        help="run the experiments with this interpreter (the project's environment; default: the one running jaxcheck)",
    )
    group.add_argument(
        "--no-tests", dest="tests", action="store_false", default=None,
        help="do not run the project's tests (test_*.py, *_test.py) that reach findings the experiments left inconclusive",
    )


def options_from(args: argparse.Namespace | None, config: Any = None) -> ValidateOptions:
    """Command line over config (`validate-*` keys of [tool.jaxcheck]) over the defaults.

    Raises ValidateOptionsError (a ValueError) for values out of range; report it as a usage error.
    """
    defaults = ValidateOptions()
    chosen: dict[str, Any] = {}
    for field, key in (
        ("device", "validate_device"), ("timeout", "validate_timeout"),
        ("module_timeout", "validate_module_timeout"), ("memory_mb", "validate_memory_mb"),
        ("drop_refuted", "validate_drop_refuted"), ("examples", "validate_examples"),
        ("python", "validate_python"), ("tests", "validate_tests"),
    ):
        from_args = getattr(args, field, None) if args is not None else None
        from_config = getattr(config, key, None) if config is not None else None
        value = from_args if from_args is not None else from_config
        chosen[field] = value if value is not None else getattr(defaults, field)
    if isinstance(chosen["examples"], dict):
        chosen["examples"] = {k: tuple(v) for k, v in chosen["examples"].items()}
    return ValidateOptions(**chosen)


def run(
    paths: Sequence[str], config: Any, args: argparse.Namespace | None = None, jobs: int | None = None,
    progress: Callable[[str], Callable[[int, int], None] | None] | None = None,
) -> CheckResult:
    """Check ``paths``, then validate every finding. ``progress(what)``, when given, makes the
    reporter of one phase ("checked" files, then "validated" findings), or None for none."""
    from ..api import check_paths
    from .validation import validate

    result = check_paths(paths, config, jobs=jobs, progress=progress("checked") if progress else None)
    extra = frozenset(getattr(config, "jit_decorators", ()) or ())
    return validate(result, options_from(args, config), extra, progress=progress("validated") if progress else None)


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """`jaxcheck run [options] SCRIPT [ARGS...]` or `jaxcheck run [options] -m MODULE [ARGS...]`."""
    parser.usage = "%(prog)s [options] SCRIPT [ARGS...]\n       %(prog)s [options] -m MODULE [ARGS...]"
    parser.add_argument("--format", choices=["text", "json"], default="text", help="report format (default: text)")
    parser.add_argument("--report", metavar="FILE", help="write the report to FILE (default: stderr)")
    parser.add_argument("--max-compiles", type=int, default=None, metavar="N", help="exit non-zero when a function compiles more than N times")
    parser.add_argument(
        "--check-key-reuse", dest="key_reuse", action="store_true",
        help="record every reused PRNG key, legacy keys too, and go on (slow on eager code)",
    )
    parser.add_argument("--check-leaks", action="store_true", help="turn on jax_check_tracer_leaks (slower)")
    parser.add_argument("--config", type=pathlib.Path, help="pyproject.toml to read [tool.jaxcheck] from")
    # Everything after the module or the script is the program's, as with `python -m`; both are
    # REMAINDER so that argparse does not read the program's options as jaxcheck's.
    parser.add_argument(
        "-m", dest="module", nargs=argparse.REMAINDER, metavar="MODULE [ARGS...]", help="run a module, as `python -m MODULE`",
    )
    parser.add_argument("program", nargs=argparse.REMAINDER, metavar="SCRIPT [ARGS...]")


def program_of(args: argparse.Namespace) -> tuple[str, list[str], bool]:
    """(script or module, its arguments, whether it is a module) from the parsed command line.

    A ``--`` that ends jaxcheck's options, before the script or right after the script or the
    module, is jaxcheck's and is not passed on (``jaxcheck run -m pkg.train -- --epochs 3``)."""
    from .run import RunError

    module = args.module is not None
    tokens = [*(args.module or []), *args.program]
    if not module and tokens[:1] == ["--"]:
        tokens = tokens[1:]
    if not tokens:
        what = "`-m` needs a module" if module else "give a script"
        raise RunError(f"{what} (`jaxcheck run train.py ARGS` or `jaxcheck run -m pkg.train ARGS`)")
    target, rest = tokens[0], tokens[1:]
    return target, rest[1:] if rest[:1] == ["--"] else rest, module


def run_program(args: argparse.Namespace) -> int:
    """Run the program, write the report, return the exit status (see RunReport.status).

    Only the process that started the run reports: a child the program forked, whose work ends
    here, leaves with its own status. The report goes to the stderr jaxcheck started with, even
    when the program closed it (its file descriptor stays open) or replaced it."""
    from .report import render_run
    from .run import RunOptions, run

    target, program_arguments, module = program_of(args)
    options = RunOptions(target, program_arguments, module=module)
    options.max_compiles, options.key_reuse, options.check_leaks = args.max_compiles, args.key_reuse, args.check_leaks
    stderr, started_in = sys.stderr, os.getpid()
    report = run(options, args.config)
    if os.getpid() != started_in:
        return report.exit_code
    text = json.dumps(report.to_json(), indent=2) + "\n" if args.format == "json" else render_run(report)
    if args.report:
        pathlib.Path(args.report).write_text(text, encoding="utf-8")
    else:
        _write_to_stderr(stderr, text)
    return report.status


def _write_to_stderr(stderr: TextIO, text: str) -> None:
    if not stderr.closed:
        stderr.write(text)
        stderr.flush()
        return
    try:  # the program closed sys.stderr: Python's standard streams leave their descriptor open
        with open(2, "w", encoding=getattr(stderr, "encoding", None) or "utf-8", closefd=False) as stream:
            stream.write(text)
    except (OSError, ValueError):  # descriptor 2 itself is gone: there is nowhere left to say it
        pass
