"""The plugin's configuration, its error codes and its import boundary."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="the mypy plugin tests need mypy (the test extras)")

from jaxcheck.mypy.config import ConfigError, PluginConfig, load_config
from jaxcheck.mypy.errors import ALL_CODES

REPOSITORY = Path(__file__).resolve().parents[2]

SOURCE = """\
from functools import partial
from dataclasses import dataclass
import jax


@dataclass
class Settings:  # eq=True and not frozen: `__hash__` is None
    name: str


@partial(jax.jit, static_argnames="key")
def step(x: jax.Array, key: object) -> jax.Array:
    return x


def run(x: jax.Array) -> None:
    step(x, Settings("a"))
"""


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_defaults_without_a_section(tmp_path: Path) -> None:
    config = write(tmp_path / "pyproject.toml", "[tool.mypy]\nstrict = true\n")
    assert load_config(str(config)) == PluginConfig()
    assert load_config(None) == PluginConfig()


def test_pyproject_table(tmp_path: Path) -> None:
    config = write(
        tmp_path / "pyproject.toml",
        '[tool.jaxcheck-mypy]\ncheck-call-sites = false\nhashable-types = ["app.Key"]\n',
    )
    assert load_config(str(config)) == PluginConfig(
        check_call_sites=False, hashable_types=("app.Key",)
    )


def test_ini_section(tmp_path: Path) -> None:
    config = write(
        tmp_path / "mypy.ini",
        "[mypy]\n[jaxcheck-mypy]\ncheck_call_sites = False\n"
        "unhashable_types = app.Table,\n  app.Cache\n",
    )
    assert load_config(str(config)) == PluginConfig(
        check_call_sites=False, unhashable_types=("app.Table", "app.Cache")
    )


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('check-call-sites = "yes"', "`check-call-sites` must be true or false, got 'yes'"),
        ('hashable-types = "app.Key"', "`hashable-types` must be a list of fully qualified"),
        ("unhashable-types = [1]", "`unhashable-types` must be a list of fully qualified"),
        ("check-calls = true", "unknown key `check-calls`"),
    ],
)
def test_wrong_settings_are_rejected(tmp_path: Path, table: str, message: str) -> None:
    config = write(tmp_path / "pyproject.toml", f"[tool.jaxcheck-mypy]\n{table}\n")
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("(", r"\(")):
        load_config(str(config))


def test_ini_rejects_a_word_that_is_not_a_boolean(tmp_path: Path) -> None:
    config = write(tmp_path / "setup.cfg", "[jaxcheck-mypy]\ncheck_call_sites = maybe\n")
    with pytest.raises(ConfigError, match="must be true or false, got 'maybe'"):
        load_config(str(config))


def test_mypy_reports_a_wrong_setting_and_stops(tmp_path: Path) -> None:
    config = write(
        tmp_path / "pyproject.toml",
        '[tool.mypy]\nplugins = ["jaxcheck.mypy"]\n\n[tool.jaxcheck-mypy]\ncheck-call-sites = 1\n',
    )
    source = write(tmp_path / "module.py", "x = 1\n")
    stdout, stderr, status = api.run(["--config-file", str(config), str(source)])
    assert status == 2
    assert "[tool.jaxcheck-mypy]: `check-call-sites` must be true or false, got 1" in stderr


def _check(tmp_path: Path, cache_dir: Path, table: str) -> str:
    config = write(
        tmp_path / "pyproject.toml",
        f'[tool.mypy]\nplugins = ["jaxcheck.mypy"]\n\n[tool.jaxcheck-mypy]\n{table}\n',
    )
    source = tmp_path / "module.py"
    if not source.exists():
        write(source, SOURCE)
    stdout, stderr, _ = api.run(
        ["--config-file", str(config), "--cache-dir", str(cache_dir), "--no-error-summary",
         "--show-error-codes", str(source)]
    )
    assert not stderr, stderr
    return stdout


def test_settings_change_the_checks_and_invalidate_the_cache(
    tmp_path: Path, mypy_cache_dir: Path
) -> None:
    # One cache for the three runs: only report_config_data makes mypy recheck the module.
    unhashable = _check(tmp_path, mypy_cache_dir, "check-call-sites = true")
    assert "Value of type `Settings` passed to static parameter `key`" in unhashable
    assert "[jaxcheck-unhashable-static]" in unhashable
    assert _check(tmp_path, mypy_cache_dir, 'hashable-types = ["module.Settings"]') == ""
    assert _check(tmp_path, mypy_cache_dir, "check-call-sites = false") == ""


def test_error_codes_are_namespaced() -> None:
    assert ALL_CODES
    for code in ALL_CODES:
        assert code.code.startswith("jaxcheck-")
        assert code.category == "jaxcheck"
        assert code.description


def test_jaxcheck_imports_without_mypy() -> None:
    blocker = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'mypy' or name.startswith('mypy.'):\n"
        "            raise ImportError('mypy is blocked')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import jaxcheck, jaxcheck.names\n"
        "try:\n"
        "    import jaxcheck.mypy\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", blocker], capture_output=True, text=True, cwd=REPOSITORY
    )
    assert result.returncode == 0, result.stderr
    assert "jaxcheck.mypy is a mypy plugin and needs mypy" in result.stdout


def test_only_the_plugin_package_imports_mypy() -> None:
    offenders = [
        path.relative_to(REPOSITORY)
        for path in (REPOSITORY / "jaxcheck").rglob("*.py")
        if "mypy" not in path.relative_to(REPOSITORY / "jaxcheck").parts[:1]
        and any(
            line.lstrip().startswith(("import mypy", "from mypy"))
            for line in path.read_text().splitlines()
        )
    ]
    assert offenders == []
