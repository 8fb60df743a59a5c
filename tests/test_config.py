"""[tool.jaxcheck]: read with tomllib; unknown keys and wrong types are clear errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_run import jaxcheck

from jaxcheck.api import check_paths
from jaxcheck.config import ConfigError, load_config

BAD = "import jax\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n"


def write(tmp_path, table):
    (tmp_path / "pyproject.toml").write_text(f"[tool.jaxcheck]\n{table}\n")
    return tmp_path / "pyproject.toml"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('selct = ["JAX1"]', "unknown key `selct`"),
        ('select = "JAX101"', "`select` must be a list of strings"),
        ("ignore = [1]", "`ignore` must be a list of strings"),
        ('per-file-ignores = ["x"]', "`per-file-ignores` must be a table"),
        ('select = ["JAX999"]', "`JAX999` matches no rule"),
        ('per-file-ignores = { "t/*" = ["nope"] }', "`nope` matches no rule"),
        ("select = [", "cannot read TOML"),
    ],
)
def test_broken_config_names_the_key(tmp_path, table, message):
    path = write(tmp_path, table)
    with pytest.raises(ConfigError, match=message.replace("[", r"\[")):
        load_config(path)


def test_config_is_found_above_the_checked_path_and_applied(tmp_path):
    write(tmp_path, 'ignore = ["print-in-jit"]')
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "bad.py").write_text(BAD)
    done = jaxcheck("check", tmp_path / "src")
    assert done.returncode == 0, done.stdout
    done = jaxcheck("check", "--isolated", tmp_path / "src")
    assert done.returncode == 1


def test_broken_config_exits_2_with_message(tmp_path):
    write(tmp_path, "colour = 1")
    (tmp_path / "bad.py").write_text(BAD)
    done = jaxcheck("check", tmp_path)
    assert done.returncode == 2 and "unknown key `colour`" in done.stderr and "pyproject.toml" in done.stderr


def test_per_file_ignores(tmp_path):
    config = load_config(write(tmp_path, 'per-file-ignores = { "tests/*" = ["JAX101"] }'))
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.py").write_text(BAD)
    (tmp_path / "lib.py").write_text(BAD)
    result = check_paths([tmp_path], config)
    assert [d.path.rsplit("/", 1)[1] for d in result.diagnostics] == ["lib.py"]


def test_extra_jit_decorators(tmp_path):
    config = load_config(write(tmp_path, 'jit-decorators = ["mylib.compile"]'))
    (tmp_path / "m.py").write_text("from mylib import compile\n\n@compile\ndef step(x):\n    print(x)\n    return x\n")
    assert [d.code for d in check_paths([tmp_path], config).diagnostics] == ["JAX101"]
    assert check_paths([tmp_path]).diagnostics == []


def test_exclude(tmp_path):
    config = load_config(write(tmp_path, 'exclude = ["gen/*"]'))
    (tmp_path / "gen").mkdir()
    (tmp_path / "gen" / "bad.py").write_text(BAD)
    (tmp_path / "ok.py").write_text("x = 1\n")
    assert check_paths([tmp_path], config).diagnostics == []


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('validate-timeout = "soon"', "`validate-timeout` must be a number of seconds"),
        ("validate-memory-mb = 1.5", "`validate-memory-mb` must be an integer"),
        ('validate-drop-refuted = "yes"', "`validate-drop-refuted` must be true or false"),
        ("validate-device = 1", "`validate-device` must be a string"),
        ('validate-examples = ["f"]', "`validate-examples` must be a table"),
        ('validate-examples = { "f" = "x" }', "must be a list of strings"),
    ],
)
def test_broken_validate_settings(tmp_path, table, message):
    with pytest.raises(ConfigError, match=message):
        load_config(write(tmp_path, table))


def test_validate_settings_are_read(tmp_path):
    config = load_config(
        write(tmp_path, 'validate-timeout = 5\nvalidate-drop-refuted = true\nvalidate-examples = { "m.py::f" = ["1.0"] }')
    )
    assert config.validate_timeout == 5 and config.validate_drop_refuted is True
    assert config.validate_examples == {"m.py::f": ("1.0",)}


def test_out_of_range_validate_setting_is_a_usage_error(tmp_path):
    write(tmp_path, "validate-memory-mb = 10")
    (tmp_path / "m.py").write_text(BAD)
    # `validate` has a process of its own (it runs the findings on jax): here it stops at the setting
    done = subprocess.run([sys.executable, "-m", "jaxcheck", "validate", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 2 and "memory limit must be at least 512 MiB" in done.stderr
