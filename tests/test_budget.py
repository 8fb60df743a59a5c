"""What one file may cost: inputs that once took minutes are analysed in linear time, and what
no bound foresees stops at the file's budget as a JAX001 while the run goes on."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from jaxcheck import budget
from jaxcheck.api import check_paths
from jaxcheck.config import Config, ConfigError, config_from_table
from jaxcheck.engine import EngineOptions, check_source
from jaxcheck.rules import all_rules

OPTIONS = EngineOptions(all_rules())
JITTED_PRINT = "import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"


def nested_loops(levels: int, innermost: str) -> str:
    lines = ["import jax", "", "@jax.jit", "def f(x):"]
    lines += ["    " * (i + 1) + f"for i{i} in range(2):" for i in range(levels)]
    lines.append("    " * (levels + 1) + innermost)
    lines.append("    return x")
    return "\n".join(lines) + "\n"


def codes(source: str) -> list[tuple[int, str]]:
    result = check_source("program.py", source, OPTIONS)
    assert result.error is None, result.error
    return [(d.line, d.code) for d in result.diagnostics]


def test_deeply_nested_loops_are_analysed_and_their_findings_kept():
    # Two passes at every level once cost 2**18 passes over the innermost body (43 s).
    source = nested_loops(18, "print(x)")
    # The print, and the unrolling once the nest's trip count reaches 2**5 = 32.
    assert codes(source) == [(9, "JAX407"), (23, "JAX101")]


def test_loop_carried_values_are_followed_where_loops_nest_shallowly():
    # The second pass over a loop sees what the first left: the weakly typed `t` comes back
    # from `step` strongly typed, so the next call compiles again.
    source = (
        "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef step(t, dt):\n    return t + dt\n\n"
        "def simulate():\n    dt = jnp.asarray(0.002, dtype=jnp.float32)\n    t = jnp.asarray(0.0)\n"
        "    for _ in range(3):\n        for _ in range(3):\n            for _ in range(3):\n"
        "                t = step(t, dt)\n    return t\n"
    )
    assert codes(source) == [(14, "JAX406")]


def test_a_long_or_chain_is_analysed():
    params = ", ".join(f"x{i}" for i in range(1000))
    chain = " or ".join(f"x{i} > 0" for i in range(1000))
    source = f"import jax\n\n@jax.jit\ndef f({params}):\n    if {chain}:\n        return 1\n    return 0\n"
    assert set(codes(source)) == {(5, "JAX201")}


def test_many_draws_from_one_key_are_each_reported():
    draws = "".join(f"x{k} = jax.random.normal(key)\n" for k in range(400))
    found = codes("import jax\n\nkey = jax.random.PRNGKey(0)\n" + draws)
    assert len(found) == 399 and {code for _, code in found} == {"JAX501"}


def test_a_file_over_the_syntax_node_limit_is_a_jax001_and_the_run_goes_on(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.jaxcheck]\nmax-syntax-nodes = 500\n")
    (tmp_path / "good.py").write_text(JITTED_PRINT)
    table = "import jax\n\nTABLE = [" + ", ".join(map(str, range(600))) + "]\n"
    (tmp_path / "table.py").write_text(table)
    done = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "check", ".", "--format", "json", "--no-cache"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    report = json.loads(done.stdout)
    assert [(d["path"], d["code"]) for d in report["diagnostics"]] == [("good.py", "JAX101")]
    [error] = report["errors"]
    assert error["path"] == "table.py" and error["code"] == "JAX001"
    assert error["message"] == "too large to analyse: more than 500 syntax nodes (`max-syntax-nodes` in [tool.jaxcheck])"
    assert done.returncode == 2


def test_an_analysis_past_its_time_stops_with_a_jax001_that_is_never_cached(tmp_path):
    slow = tmp_path / "slow.py"
    slow.write_text("import jax\n\nkey = jax.random.PRNGKey(0)\n" + "".join(f"x{k} = jax.random.normal(key)\n" for k in range(1200)))
    (tmp_path / "good.py").write_text(JITTED_PRINT)
    hurried = Config(root=tmp_path, file_timeout=1e-9)
    for _ in range(2):  # the second run finds nothing cached for the stopped file
        result = check_paths([tmp_path], hurried, use_cache=True)
        [error] = result.errors
        assert error.path.endswith("slow.py") and error.code == "JAX001"
        assert "analysis stopped after 1e-09 s (`file-timeout`" in error.message
        assert [d.code for d in result.diagnostics] == ["JAX101"]
    result = check_paths([tmp_path], Config(root=tmp_path), use_cache=True)
    assert not result.errors and len(result.diagnostics) == 1199 + 1


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [("max-syntax-nodes", 0, "a positive integer"), ("max-syntax-nodes", 1.5, "a positive integer"),
     ("file-timeout", -1, "a positive number of seconds"), ("file-timeout", "10", "a positive number of seconds")],
)
def test_budget_settings_are_checked_and_name_their_key(tmp_path, key, value, expected):
    with pytest.raises(ConfigError, match=f"`{key}` must be {expected}"):
        config_from_table({key: value}, tmp_path / "pyproject.toml")


def test_time_spent_reading_other_modules_is_not_the_files():
    # Reading and parsing an imported module of the project is shared by the files that import
    # it; with it counted, a kernel of jax (0.4 s alone) passed 20 s in a run over jax.
    def ticks() -> None:
        for _ in range(budget._TICKS_PER_LOOK):
            budget.tick()

    with budget.time_limit(0.05):
        with budget.paused():
            time.sleep(0.1)
        ticks()  # the pause moved the deadline: no stop
        time.sleep(0.1)
        with pytest.raises(budget.FileTimeout):
            ticks()
