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
from collections.abc import Sequence
from typing import Any

from ..api import CheckResult, check_paths
from .options import DEVICES, ValidateOptions


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The validator's options (defaults None: the config, then ValidateOptions, decide)."""
    group = parser.add_argument_group("validation")
    group.add_argument("--device", choices=DEVICES, default=None, help="where to run the experiments (default: cpu)")
    group.add_argument("--timeout", type=float, default=None, metavar="SECONDS", help="time limit per finding (default: 20)")
    group.add_argument("--module-timeout", type=float, default=None, metavar="SECONDS", help="time limit per module (default: 120)")
    group.add_argument("--memory-mb", type=int, default=None, metavar="MIB", help="address-space cap per worker on CPU (default: 4096)")
    group.add_argument("--drop-refuted", action="store_true", default=None, help="hide findings the device refuted")


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
    ):
        from_args = getattr(args, field, None) if args is not None else None
        from_config = getattr(config, key, None) if config is not None else None
        value = from_args if from_args is not None else from_config
        chosen[field] = value if value is not None else getattr(defaults, field)
    if isinstance(chosen["examples"], dict):
        chosen["examples"] = {k: tuple(v) for k, v in chosen["examples"].items()}
    return ValidateOptions(**chosen)


def run(paths: Sequence[str], config: Any, args: argparse.Namespace | None = None, jobs: int | None = None) -> CheckResult:
    """Check ``paths``, then validate every finding."""
    from .validation import validate

    result = check_paths(paths, config, jobs=jobs)
    extra = frozenset(getattr(config, "jit_decorators", ()) or ())
    return validate(result, options_from(args, config), extra)
