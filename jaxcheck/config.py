"""`[tool.jaxcheck]` in pyproject.toml: which rules run, where, and extra jit-like names.

```toml
[tool.jaxcheck]
select = ["JAX1", "JAX201"]          # codes, code prefixes or rule names (default: all)
ignore = ["weak-type-drift"]
extend-select = ["JAX5"]             # added to what `select` (or the default) chose
extend-ignore = ["JAX402"]           # removed as `ignore` is
per-file-ignores = { "tests/*" = ["JAX101"] }
test-paths = ["tests/*", "*/tests/*", "test/*", "*/test/*", "test_*.py", "*_test.py", "conftest.py"]  # the default
info-in-tests = ["JAX4", "JAX5"]     # `info` in test code: codes, rule names, test idioms (the default; [] for none)
show-info = false                    # report `info` findings too (`--show-info`)
jit-decorators = ["mylib.compile"]   # treated exactly like jax.jit
exclude = ["build/*", "third_party/*"]
max-syntax-nodes = 30000             # a larger file is a JAX001, not analysed
file-timeout = 20.0                  # seconds of analysis per file before it stops (JAX001)
validate-device = "cpu"              # `jaxcheck validate` settings (command-line flags win)
validate-timeout = 60.0
validate-module-timeout = 300.0
validate-memory-mb = 4096
validate-drop-refuted = false
validate-python = ".venv/bin/python"  # relative to this file's directory
validate-tests = true
validate-examples = { "train.py::step" = ["jnp.ones((2, 3)), n=4"] }
```
Unknown keys and wrong types are errors that name the key and say what was expected.

The command line's `--select`, `--ignore`, `--extend-select` and `--extend-ignore` apply after
the file's, as ruff applies them: `--select` starts again from its own list (the file's
`select`, `extend-select` and `ignore` no longer count), `--extend-select` adds, and
`--ignore`/`--extend-ignore` remove.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import pathlib
import tomllib
from dataclasses import dataclass, field
from functools import cached_property

from .projects import PROJECT_MARKERS, project_root  # noqa: F401  (the project's root is configuration's)
from .rules import all_rules
from .rules.base import Rule
from .suppression import PerFileIgnores, relative_path
from .test_code import DEFAULT_INFO_IN_TESTS, DEFAULT_TEST_PATHS, TestCode

KEYS = (
    "select", "ignore", "extend-select", "extend-ignore", "per-file-ignores", "test-paths", "info-in-tests", "show-info",
    "jit-decorators", "exclude", "max-syntax-nodes", "file-timeout",
    "validate-device", "validate-timeout", "validate-module-timeout", "validate-memory-mb",
    "validate-drop-refuted", "validate-python", "validate-tests", "validate-examples",
)


class ConfigError(Exception):
    """A configuration problem the user must fix; the message says which key and why."""


@dataclass(frozen=True)
class RuleSelection:
    """One layer of rule choices (the command line's, over the file's): ``select`` (None: keep
    what the layers before chose) starts again, ``extend_select`` adds, ``ignore`` and
    ``extend_ignore`` remove."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()

    def validate(self, where: str) -> None:
        for key, selectors in self.keyed():
            for selector in selectors:
                _matching_rules(selector, f"{where}{key}")

    def keyed(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return (
            ("select", self.select or ()), ("extend-select", self.extend_select),
            ("ignore", self.ignore), ("extend-ignore", self.extend_ignore),
        )

    def apply(self, chosen: set[type[Rule]]) -> set[type[Rule]]:
        if self.select is not None:
            chosen = {r for s in self.select for r in _matching_rules(s, "select")}
        chosen = chosen | {r for s in self.extend_select for r in _matching_rules(s, "extend-select")}
        removed = {r for s in (*self.ignore, *self.extend_ignore) for r in _matching_rules(s, "ignore")}
        return chosen - removed


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()
    command_line: RuleSelection = RuleSelection()  # --select, --ignore, --extend-*: applied last
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    test_paths: tuple[str, ...] = DEFAULT_TEST_PATHS
    info_in_tests: tuple[str, ...] = DEFAULT_INFO_IN_TESTS
    show_info: bool = False
    jit_decorators: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    root: pathlib.Path = field(default_factory=pathlib.Path.cwd)
    source: pathlib.Path | None = None  # the file the settings came from
    # What one file may cost (see jaxcheck.budget); None: the defaults there.
    max_syntax_nodes: int | None = None
    file_timeout: float | None = None
    # `jaxcheck validate` settings; None leaves the choice to the validator's defaults.
    validate_device: str | None = None
    validate_timeout: float | None = None
    validate_module_timeout: float | None = None
    validate_memory_mb: int | None = None
    validate_drop_refuted: bool | None = None
    validate_python: str | None = None
    validate_tests: bool | None = None
    validate_examples: dict[str, tuple[str, ...]] | None = field(default=None, hash=False)

    def __post_init__(self) -> None:
        self.file_selection.validate("")
        self.command_line.validate("--")
        for pattern, selectors in self.per_file_ignores:
            for selector in selectors:
                _matching_rules(selector, f"per-file-ignores.{pattern}")
        for selector in self.info_in_tests:
            if selector not in _test_idioms():
                _matching_rules(selector, "info-in-tests")

    @property
    def file_selection(self) -> RuleSelection:
        return RuleSelection(self.select or None, self.extend_select, self.ignore, self.extend_ignore)

    @cached_property
    def rules(self) -> tuple[type[Rule], ...]:
        """The enabled rules: every rule enabled by default, then the file's choices, then the
        command line's (see :class:`RuleSelection`)."""
        chosen = {r for r in all_rules() if r.DEFAULT_ENABLED}
        for selection in (self.file_selection, self.command_line):
            chosen = selection.apply(chosen)
        return tuple(r for r in all_rules() if r in chosen)

    @cached_property
    def ignores(self) -> PerFileIgnores:
        """``per-file-ignores`` resolved to codes, as the engine applies them."""
        patterns = tuple(
            (pattern, frozenset(r.CODE for s in selectors for r in _matching_rules(s, "per-file-ignores")))
            for pattern, selectors in self.per_file_ignores
        )
        return PerFileIgnores(self.root, patterns)

    @cached_property
    def test_code(self) -> TestCode:
        """``test-paths`` and ``info-in-tests`` resolved to codes and test idioms, as the engine
        applies them."""
        idioms = frozenset(s for s in self.info_in_tests if s in _test_idioms())
        codes = frozenset(
            r.CODE for s in self.info_in_tests if s not in idioms for r in _matching_rules(s, "info-in-tests")
        )
        return TestCode(self.root, self.test_paths, codes, idioms)

    def ignored_for(self, path: str) -> frozenset[str]:
        """Codes switched off for ``path`` by ``per-file-ignores``."""
        return self.ignores.codes_for(path)

    def is_excluded(self, path: pathlib.Path) -> bool:
        relative = relative_path(str(path), self.root)
        return any(fnmatch.fnmatch(relative, pattern) for pattern in self.exclude)

    def with_overrides(
        self, select: list[str] | None, ignore: list[str] | None,
        extend_select: list[str] | None = None, extend_ignore: list[str] | None = None, show_info: bool = False,
    ) -> Config:
        """The command line's choices over the file's: --select starts again, --extend-select
        adds, --ignore and --extend-ignore remove; --show-info reports `info` findings."""
        selection = RuleSelection(
            tuple(select) if select else None, tuple(extend_select or ()), tuple(ignore or ()), tuple(extend_ignore or ())
        )
        return dataclasses.replace(self, command_line=selection, show_info=self.show_info or show_info)

    def fingerprint(self) -> str:
        """Everything that changes results, for caches."""
        return repr((
            sorted(r.CODE for r in self.rules), self.per_file_ignores, self.jit_decorators, self.max_syntax_nodes,
            self.test_paths, sorted(self.test_code.info_codes), sorted(self.test_code.info_idioms), self.show_info,
        ))


def _test_idioms() -> frozenset[str]:
    """The names of the rules' test idioms (``Rule.TEST_IDIOMS``), selectors of `info-in-tests`."""
    return frozenset(name for rule in all_rules() for name in rule.TEST_IDIOMS)


def _matching_rules(selector: str, key: str) -> list[type[Rule]]:
    rules = [
        r for r in all_rules()
        if selector == r.NAME or (selector.upper().startswith("JAX") and r.CODE.startswith(selector.upper()))
    ]
    if not rules:
        raise ConfigError(
            f"`{key}`: `{selector}` matches no rule; use a code (JAX101), a prefix (JAX1) or a "
            f"rule name (print-in-jit); `jaxcheck rules` lists them"
        )
    return rules


def find_config_file(start: pathlib.Path) -> pathlib.Path | None:
    """The nearest pyproject.toml at or above ``start`` that has a [tool.jaxcheck] table."""
    directory = start if start.is_dir() else start.parent
    for candidate_dir in (directory.resolve(), *directory.resolve().parents):
        candidate = candidate_dir / "pyproject.toml"
        if candidate.is_file():
            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as error:
                raise ConfigError(f"{candidate}: cannot read TOML: {error}") from error
            if "jaxcheck" in data.get("tool", {}):
                return candidate
    return None


def cache_root(config: Config, start: pathlib.Path) -> pathlib.Path:
    """Where the cache of a check of ``start`` (its first path) lives: beside the configuration
    file that applies, or else at the root of the project holding ``start`` (see
    :func:`project_root`); never the working directory for its own sake (checking another
    project from here writes nothing here)."""
    if config.source is not None:
        return config.root
    return project_root(start)


def load_config(path: pathlib.Path | None = None, start: pathlib.Path | None = None) -> Config:
    """Read [tool.jaxcheck] from ``path``, or from the nearest pyproject.toml above ``start``."""
    if path is None:
        path = find_config_file(start or pathlib.Path.cwd())
        if path is None:
            return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise ConfigError(f"{path}: no such config file") from error
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: cannot read TOML: {error}") from error
    table = data.get("tool", {}).get("jaxcheck", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.jaxcheck] must be a table")
    return config_from_table(table, path)


def config_from_table(table: dict, path: pathlib.Path) -> Config:
    where = f"{path}: [tool.jaxcheck]"
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key `{unknown[0]}` (known keys: {', '.join(KEYS)})")
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise ConfigError(f"{where}: `per-file-ignores` must be a table of glob = [codes], got {type(per_file).__name__}")
    try:
        return Config(
            select=_strings(table, "select", where),
            ignore=_strings(table, "ignore", where),
            extend_select=_strings(table, "extend-select", where),
            extend_ignore=_strings(table, "extend-ignore", where),
            per_file_ignores=tuple(
                (pattern, _strings(per_file, pattern, f"{where} per-file-ignores")) for pattern in per_file
            ),
            test_paths=_strings(table, "test-paths", where, DEFAULT_TEST_PATHS),
            info_in_tests=_strings(table, "info-in-tests", where, DEFAULT_INFO_IN_TESTS),
            show_info=bool(_typed(table, "show-info", bool, where, "true or false")),
            jit_decorators=_strings(table, "jit-decorators", where),
            exclude=_strings(table, "exclude", where),
            root=path.parent,
            source=path,
            max_syntax_nodes=_positive(table, "max-syntax-nodes", int, where, "a positive integer"),
            file_timeout=_positive(table, "file-timeout", (int, float), where, "a positive number of seconds"),
            validate_device=_typed(table, "validate-device", str, where, "a string (cpu, gpu or tpu)"),
            validate_timeout=_typed(table, "validate-timeout", (int, float), where, "a number of seconds"),
            validate_module_timeout=_typed(table, "validate-module-timeout", (int, float), where, "a number of seconds"),
            validate_memory_mb=_typed(table, "validate-memory-mb", int, where, "an integer number of MiB"),
            validate_drop_refuted=_typed(table, "validate-drop-refuted", bool, where, "true or false"),
            validate_python=_interpreter(table, path.parent, where),
            validate_tests=_typed(table, "validate-tests", bool, where, "true or false"),
            validate_examples=_examples(table, where),
        )
    except ConfigError as error:
        raise ConfigError(f"{where}: {error}") if not str(error).startswith(str(path)) else error


def _typed(table: dict, key: str, kind: type | tuple[type, ...], where: str, expected: str):
    if key not in table:
        return None
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ConfigError(f"{where}: `{key}` must be {expected}, got {value!r}")
    return value


def _positive(table: dict, key: str, kind: type | tuple[type, ...], where: str, expected: str):
    value = _typed(table, key, kind, where, expected)
    if value is not None and value <= 0:
        raise ConfigError(f"{where}: `{key}` must be {expected}, got {value!r}")
    return value


def _interpreter(table: dict, root: pathlib.Path, where: str) -> str | None:
    """`validate-python`, relative to the settings file's directory (`--python` is relative to
    the working directory)."""
    value = _typed(table, "validate-python", str, where, "a path to a Python interpreter")
    return None if value is None else str(root / pathlib.Path(value).expanduser())


def _examples(table: dict, where: str) -> dict[str, tuple[str, ...]] | None:
    value = table.get("validate-examples")
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `validate-examples` must be a table of \"file.py::function\" = [argument lists]")
    return {target: _strings(value, target, f"{where} validate-examples") for target in value}


def _strings(table: dict, key: str, where: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
    if key not in table:
        return default
    value = table[key]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings, got {value!r}")
    return tuple(value)
