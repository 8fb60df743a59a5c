"""What one file may cost: inputs that once took minutes are analysed in linear time, and what
no bound foresees stops at the file's budget as a JAX001 while the run goes on."""

from __future__ import annotations

import ast
import gc
import json
import pathlib
import time

import pytest
from cli_run import jaxcheck

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
    done = jaxcheck("check", ".", "--format", "json", "--no-cache", cwd=tmp_path)
    report = json.loads(done.stdout)
    assert [(d["path"], d["code"]) for d in report["diagnostics"]] == [("good.py", "JAX101")]
    [error] = report["errors"]
    assert error["path"] == "table.py" and error["code"] == "JAX001"
    assert error["message"] == "too large to analyse: more than 500 syntax nodes (`max-syntax-nodes` in [tool.jaxcheck])"
    assert done.returncode == 2


def test_a_module_over_the_limit_that_another_file_imports_is_reported_once_under_its_own_path(tmp_path):
    # `a_user.py` is checked first and reads `table.py`, judged over the bound then; its own
    # check reuses that judgement and reports it under the path as given.
    (tmp_path / "pyproject.toml").write_text("[tool.jaxcheck]\nmax-syntax-nodes = 500\n")
    (tmp_path / "a_user.py").write_text("from table import TABLE\n" + JITTED_PRINT)
    (tmp_path / "table.py").write_text("import jax\n\nTABLE = [" + ", ".join(map(str, range(600))) + "]\n")
    done = jaxcheck("check", ".", "--format", "json", "--no-cache", "--jobs", "1", cwd=tmp_path)
    report = json.loads(done.stdout)
    assert [(d["path"], d["code"]) for d in report["diagnostics"]] == [("a_user.py", "JAX101")]
    [error] = report["errors"]
    assert (error["path"], error["code"]) == ("table.py", "JAX001")
    assert error["message"].startswith("too large to analyse: more than 500 syntax nodes")


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


def nested_calls(depth: int) -> str:
    return "jnp.sin(" * depth + "x" + ")" * depth


def test_brackets_nested_past_the_limit_are_a_jax001_before_libcst_reads_the_file(tmp_path):
    # Two statements of calls 150 deep: 22,350 nested brackets, which libcst once took 0.37 s
    # and 77 MiB a statement to parse; in a file of 3 kB, too short to have its nodes counted.
    deep = "import jax.numpy as jnp\n\n" + "".join(f"y{k} = {nested_calls(150)}\n" for k in range(2))
    (tmp_path / "deep.py").write_text(deep)
    (tmp_path / "good.py").write_text(JITTED_PRINT)
    done = jaxcheck("check", ".", "--format", "json", "--no-cache", "--isolated", cwd=tmp_path)
    report = json.loads(done.stdout)
    assert [(d["path"], d["code"]) for d in report["diagnostics"]] == [("good.py", "JAX101")]
    [error] = report["errors"]
    assert (error["path"], error["code"]) == ("deep.py", "JAX001")
    assert error["message"].startswith(f"too complex to analyse: more than {budget.MAX_NESTED_BRACKETS:,} nested brackets")
    assert done.returncode == 2


def test_one_deep_statement_under_the_bracket_limit_is_analysed():
    # 150 deep: 11,175 nested brackets.
    source = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    print(x)\n" + f"    return {nested_calls(150)}\n"
    assert codes(source) == [(6, "JAX101")]


def test_shallow_brackets_of_a_large_file_are_counted_with_its_syntax_nodes():
    # 310 statements of calls 12 deep: 310 x 66 = 20,460 nested brackets, after a comment that
    # makes the file long enough to have its nodes counted.
    padding = "# " + "-" * (budget.MAX_SYNTAX_NODES // 2) + "\n"
    source = "import jax.numpy as jnp\n" + padding + "".join(f"y = {nested_calls(12)}\n" for _ in range(310))
    result = check_source("program.py", source, OPTIONS)
    assert result.error is not None and result.error.message.startswith("too complex to analyse: more than 20,000 nested brackets")
    assert budget.too_complex(compile(source, "program.py", "exec", 1024), None, 20_460) is None


def test_module_level_loops_that_each_jit_a_lambda_are_each_reported():
    # Each jitted lambda once looked through every module-level loop for one that calls it
    # (2,000 loops: 27 s).
    loops = "".join(f"for i in range(3):\n    g{k} = jax.jit(lambda x: x + i)\n    g{k}(1.0)\n" for k in range(60))
    found = codes("import jax\n\n" + loops)
    assert len(found) == 120 and {code for _, code in found} == {"JAX401", "JAX108"}


def test_brackets_in_strings_and_comments_are_not_nested_brackets():
    text = "(" * 150 + "[" * 40
    source = f"import jax\n# {text}\nA = {text!r}\nB = \"\"\"{text}\n{text}\"\"\"\n" + JITTED_PRINT
    assert not budget.may_nest_deeply(source, 100)
    assert budget.may_nest_deeply(f"F = f'{{{nested_calls(40)}}}'\n", 100)  # an f-string's expression is code
    assert codes(source) == [(10, "JAX101")]


def test_the_node_bound_read_from_the_text_holds_for_the_densest_code_and_for_this_project():
    """A file the text bound says is small enough is never counted: the bound must not be under
    CPython's count for any code, the densest there is included."""
    densest = [
        "x", "x\n", "---x\n", "a+b-c*d/e\n", "x = -a + -b\n", "*a,\n", "a,\n", "a[b,c]\n", "a[:,:]\n",
        "a<b<c\n", "f(*a, **k)\n", "a;b;c", "a += -b\n", "'s' 't'\n", 'f"{a}{b:{c}}"\n', "del a, b\n",
    ]
    modules = sorted((pathlib.Path(__file__).parents[1] / "jaxcheck").rglob("*.py"))
    for source in densest + [path.read_text(encoding="utf-8") for path in modules]:
        nodes = sum(1 for _ in ast.walk(ast.parse(source)))
        assert budget.may_exceed(budget.code_text(source), nodes - 1), source[:80]


def test_a_check_leaves_the_callers_heap_as_it_found_it(tmp_path):
    """A run freezes what existed before it (no collection walks it while it lasts) and thaws it
    afterwards; objects the caller froze itself stay frozen."""
    (tmp_path / "step.py").write_text(JITTED_PRINT)
    assert gc.get_freeze_count() == 0
    assert [d.code for d in check_paths([tmp_path], Config(root=tmp_path)).diagnostics] == ["JAX101"]
    assert gc.get_freeze_count() == 0
    gc.freeze()
    try:
        check_paths([tmp_path], Config(root=tmp_path))
        assert gc.get_freeze_count() > 0  # not thawed by the run
    finally:
        gc.unfreeze()


def test_what_a_check_leaves_is_not_walked_as_it_ends(tmp_path):
    """What a check leaves (the trees it parsed, its analyses) joins the oldest generation when
    it ends: restoring the thresholds must not make the next collection walk it all (1.3 s of a
    16 s run on optax, measured when the check ended)."""
    body = "".join(f"\n@jax.jit\ndef f{i}(x):\n    y = [x, {i}]\n    return jax.numpy.sum(x) + len(y)\n" for i in range(200))
    (tmp_path / "steps.py").write_text("import jax\n" + body)
    check_paths([tmp_path], Config(root=tmp_path))
    young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
    assert young < 5_000, young
