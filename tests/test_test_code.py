"""Test code and the `info` severity, through the real CLI (run in this process: tests/cli_run.py):
a recompilation finding in a test file is `info`, left out unless `--show-info` (or `show-info`)
asks for it, and never fails the run; `test-paths` and `info-in-tests` say what is test code and
which codes are `info` there."""

from __future__ import annotations

import json

import pytest
from cli_run import jaxcheck

# A jit of a lambda per environment a test loops over: a compile per environment (JAX401).
PER_ENVIRONMENT = """\
import jax


def test_each_environment(make, names, x):
    for name in names:
        env = make(name)
        step = jax.jit(lambda s: env.step(s))
        step(x)
"""

# One key drawn twice to build test data: `info` in tests by default (key rules, JAX5), an error
# where `info-in-tests` leaves the key rules out.
CORRELATED = """\
import jax


def test_loss(loss):
    key = jax.random.key(0)
    preds = jax.random.normal(key, (4,))
    targets = jax.random.bernoulli(key, 0.5, (4,))
    assert loss(preds, targets) >= 0
"""


# A key drawn from and then split (JAX's key-reuse check rejects it, but the keys the split makes
# share no bits with the draw): `info` in test code even where the other key findings are errors
# (`spent-key-split`).
SPENT_KEY_SPLIT = """\
import jax


def test_fit(fit):
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (4, 2))
    key, init_key = jax.random.split(key)
    assert fit(x, init_key).shape == (4,)
"""


def run(args, cwd):
    return jaxcheck("check", "--no-cache", *args, cwd=cwd)


def project(tmp_path, files, table=None):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    if table is not None:
        (tmp_path / "pyproject.toml").write_text("[tool.jaxcheck]\n" + table)
    return tmp_path


TEST_FILES = ["tests/test_envs.py", "pkg/tests/helpers.py", "test/envs.py", "test_envs.py", "envs_test.py", "conftest.py"]


def test_recompilation_in_test_code_is_info_and_left_out(tmp_path):
    project(tmp_path, {name: PER_ENVIRONMENT for name in [*TEST_FILES, "envs.py", "pkg/testing_tools.py"]})
    default = run(["."], tmp_path)
    assert default.returncode == 1, default.stderr
    assert default.stdout.splitlines() == [
        "envs.py:8:9: JAX401 `jax.jit` of a lambda inside a loop compiles `step` again on every iteration",
        "pkg/testing_tools.py:8:9: JAX401 `jax.jit` of a lambda inside a loop compiles `step` again on every iteration",
        "Found 2 findings in 2 files; 8 files checked; 6 info findings left out (--show-info shows them).",
    ]
    shown = json.loads(run([".", "--show-info", "--format", "json"], tmp_path).stdout)["diagnostics"]
    assert sorted((d["path"], d["severity"]) for d in shown) == sorted(
        [(name, "info") for name in TEST_FILES] + [("envs.py", "error"), ("pkg/testing_tools.py", "error")]
    )


def test_only_info_findings_exit_0_and_every_format_says_info(tmp_path):
    project(tmp_path, {"tests/test_envs.py": PER_ENVIRONMENT})
    assert run(["."], tmp_path).returncode == 0
    text = run([".", "--show-info"], tmp_path)
    assert text.returncode == 0 and "JAX401 (info)" in text.stdout
    document = json.loads(run([".", "--show-info", "--format", "json"], tmp_path).stdout)
    assert [(d["code"], d["severity"]) for d in document["diagnostics"]] == [("JAX401", "info")]
    sarif = json.loads(run([".", "--show-info", "--format", "sarif"], tmp_path).stdout)
    assert [r["level"] for r in sarif["runs"][0]["results"]] == ["note"]
    github = run([".", "--show-info", "--format", "github"], tmp_path).stdout
    assert github.startswith("::notice file=tests/test_envs.py,line=8,")
    assert json.loads(run([".", "--format", "json"], tmp_path).stdout)["diagnostics"] == []


def test_key_reuse_in_tests_is_info_by_default_and_an_error_in_other_code(tmp_path):
    project(tmp_path, {"tests/test_loss.py": CORRELATED, "loss_check.py": CORRELATED})
    result = run(["."], tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[:2] == [
        "loss_check.py:7:36: JAX501 PRNG key `key` in `test_loss` was already consumed by "
        "`jax.random.normal(key, (4,))`: `jax.random.bernoulli` gets the same random bits again",
        "Found 1 finding in 1 file; 2 files checked; 1 info finding left out (--show-info shows it).",
    ]
    shown = run([".", "--show-info"], tmp_path).stdout
    assert "tests/test_loss.py:7:36: JAX501 (info) PRNG key `key`" in shown


def test_config_show_info_test_paths_and_info_in_tests(tmp_path):
    project(tmp_path, {"checks/envs.py": PER_ENVIRONMENT, "tests/test_loss.py": CORRELATED})
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ntest-paths = ["checks/*"]\n')  # tests/ is not test code
    out = run(["."], tmp_path).stdout
    assert "checks/envs.py" not in out and "tests/test_loss.py:7:36: JAX501" in out
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ntest-paths = ["checks/*"]\nshow-info = true\n')
    assert "checks/envs.py:8:9: JAX401 (info)" in run(["."], tmp_path).stdout
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ntest-paths = ["*"]\ninfo-in-tests = ["JAX4", "key-reused"]\n')
    assert run(["."], tmp_path).stdout == "No findings; 2 files checked; 2 info findings left out (--show-info shows them).\n"
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ntest-paths = ["checks/*"]\ninfo-in-tests = []\n')
    assert "checks/envs.py:8:9: JAX401 `jax.jit`" in run(["."], tmp_path).stdout


@pytest.mark.parametrize(
    "table, message",
    [
        ('info-in-tests = ["JAX999"]', "`info-in-tests`: `JAX999` matches no rule"),
        ("test-paths = \"tests/*\"", "`test-paths` must be a list of strings"),
        ("show-info = 1", "`show-info` must be true or false"),
    ],
)
def test_broken_policy_settings_name_the_key(tmp_path, table, message):
    project(tmp_path, {"tests/test_envs.py": PER_ENVIRONMENT}, table)
    result = run(["."], tmp_path)
    assert result.returncode == 2 and message in result.stderr


def test_the_cache_keeps_severities_apart_when_the_policy_changes(tmp_path):
    project(tmp_path, {"tests/test_envs.py": PER_ENVIRONMENT})
    first = jaxcheck("check", ".", cwd=tmp_path)
    assert first.returncode == 0
    (tmp_path / "pyproject.toml").write_text("[tool.jaxcheck]\ninfo-in-tests = []\n")
    second = jaxcheck("check", ".", cwd=tmp_path)
    assert second.returncode == 1 and "tests/test_envs.py:8:9: JAX401 `jax.jit`" in second.stdout


def test_a_spent_key_split_in_tests_is_info_and_the_summary_counts_it(tmp_path):
    project(tmp_path, {"tests/test_fit.py": SPENT_KEY_SPLIT, "fit.py": SPENT_KEY_SPLIT})
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ninfo-in-tests = ["JAX4", "spent-key-split"]\n')
    default = run(["."], tmp_path)
    assert default.returncode == 1
    assert default.stdout.splitlines()[:2] == [
        "fit.py:7:38: JAX501 PRNG key `key` in `test_fit` was already consumed by `jax.random.normal(key, (4, 2))`: "
        "`jax.random.split` makes new keys from a spent key, which JAX's key-reuse check rejects",
        "Found 1 finding in 1 file; 2 files checked; 1 info finding left out (--show-info shows it).",
    ]
    shown = run([".", "--show-info"], tmp_path).stdout
    assert (
        "tests/test_fit.py:7:38: JAX501 (info) PRNG key `key` in `test_fit` was already consumed by "
        "`jax.random.normal(key, (4, 2))`: `jax.random.split` makes new keys from a spent key, which JAX's "
        "key-reuse check rejects (in test code: a split after a draw makes keys that share no bits with it; "
        "see `info-in-tests`)"
    ) in shown
    project(tmp_path, {"tests/test_loss.py": CORRELATED})  # two draws: correlated data, still an error
    assert "tests/test_loss.py:7:36: JAX501 PRNG key `key`" in run(["."], tmp_path).stdout


def test_a_split_after_a_helper_that_splits_the_key_is_not_a_spent_key_split(tmp_path):
    # `make` splits `key` itself: the test's split makes the very keys `make` made.
    project(tmp_path, {"tests/test_make.py": """\
import jax


def make(key):
    first, _ = jax.random.split(key)
    return jax.random.normal(first, (3,))


def test_make():
    key = jax.random.PRNGKey(0)
    x = make(key)
    key, sub = jax.random.split(key)
    assert x.shape == make(sub).shape
"""}, 'info-in-tests = ["JAX4", "spent-key-split"]\n')
    result = run(["."], tmp_path)
    assert result.returncode == 1 and "tests/test_make.py:12:33: JAX501" in result.stdout, result.stdout


def test_info_in_tests_names_the_spent_key_split_or_all_key_rules(tmp_path):
    project(tmp_path, {"tests/test_fit.py": SPENT_KEY_SPLIT, "tests/test_loss.py": CORRELATED})
    default = run(["."], tmp_path)
    assert default.returncode == 0
    assert default.stdout == "No findings; 2 files checked; 2 info findings left out (--show-info shows them).\n"
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ninfo-in-tests = ["JAX4"]\n')
    strict = run(["."], tmp_path)
    assert "tests/test_fit.py:7:38: JAX501" in strict.stdout and "left out" not in strict.stdout
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ninfo-in-tests = ["JAX4", "JAX5"]\n')
    quiet = run(["."], tmp_path)
    assert quiet.returncode == 0
    assert quiet.stdout == "No findings; 2 files checked; 2 info findings left out (--show-info shows them).\n"
    (tmp_path / "pyproject.toml").write_text('[tool.jaxcheck]\ninfo-in-tests = ["spent-key-split"]\n')
    assert "tests/test_fit.py" not in run(["."], tmp_path).stdout
