"""Settings from ``[tool.jaxcheck-mypy]`` (pyproject.toml) or ``[jaxcheck-mypy]`` (mypy.ini,
setup.cfg), read from the file mypy itself was configured with."""

from __future__ import annotations

import configparser
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

INI_SECTION = "jaxcheck-mypy"
TOML_TABLE = "jaxcheck-mypy"


class ConfigError(ValueError):
    """A setting that is not known or has a value of the wrong type."""


@dataclass(frozen=True)
class PluginConfig:
    """What the plugin checks.

    ``check_call_sites``: check the values passed to static parameters where wrapped functions
    are called, not only the parameters' annotations.
    ``unhashable_types`` / ``hashable_types``: fully qualified class names to treat as
    unhashable / hashable whatever their ``__hash__`` says (a dataclass with ``eq=False`` or
    ``unsafe_hash=True`` is hashable, but mypy records neither flag).
    """

    check_call_sites: bool = True
    unhashable_types: tuple[str, ...] = ()
    hashable_types: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON, for mypy's cache: a change rechecks every module."""
        return {
            key: list(value) if isinstance(value, tuple) else value
            for key, value in asdict(self).items()
        }


KEYS = tuple(field.name.replace("_", "-") for field in fields(PluginConfig))

_INI_BOOLEANS = {"true": True, "yes": True, "on": True, "1": True,
                 "false": False, "no": False, "off": False, "0": False}


def load_config(config_file: str | None) -> PluginConfig:
    """The plugin's settings; a file without the section, or no file, gives the defaults."""
    if not config_file:
        return PluginConfig()
    path = Path(config_file)
    if path.suffix == ".toml":
        try:
            with path.open("rb") as handle:
                document = tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise ConfigError(f"{path}: cannot read TOML: {error}") from error
        table = document.get("tool", {}).get(TOML_TABLE, {})
        where = f"{path}: [tool.{TOML_TABLE}]"
        if not isinstance(table, dict):
            raise ConfigError(f"{where} must be a table")
        return _from_table(table, where, from_ini=False)
    parser = configparser.ConfigParser()
    try:
        parser.read(path)
    except configparser.Error as error:
        raise ConfigError(f"{path}: cannot read the file: {error}") from error
    if not parser.has_section(INI_SECTION):
        return PluginConfig()
    return _from_table(dict(parser.items(INI_SECTION)), f"{path}: [{INI_SECTION}]", from_ini=True)


def _from_table(table: dict[str, Any], where: str, *, from_ini: bool) -> PluginConfig:
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key.replace("_", "-") not in KEYS:
            raise ConfigError(f"{where}: unknown key `{key}` (known keys: {', '.join(KEYS)})")
        attribute = key.replace("-", "_")
        if attribute == "check_call_sites":
            values[attribute] = _boolean(key, value, where, from_ini=from_ini)
        else:
            values[attribute] = _class_names(key, value, where, from_ini=from_ini)
    return PluginConfig(**values)


def _boolean(key: str, value: Any, where: str, *, from_ini: bool) -> bool:
    if from_ini and isinstance(value, str) and value.strip().lower() in _INI_BOOLEANS:
        return _INI_BOOLEANS[value.strip().lower()]
    if isinstance(value, bool):
        return value
    raise ConfigError(f"{where}: `{key}` must be true or false, got {value!r}")


def _class_names(key: str, value: Any, where: str, *, from_ini: bool) -> tuple[str, ...]:
    if from_ini and isinstance(value, str):
        value = [part.strip() for part in value.replace("\n", ",").split(",") if part.strip()]
    if isinstance(value, list) and all(isinstance(item, str) and item for item in value):
        return tuple(value)
    raise ConfigError(
        f"{where}: `{key}` must be a list of fully qualified class names, got {value!r}"
    )
