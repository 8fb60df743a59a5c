"""How far the analysis follows code into other modules, through the real command line (run in
this process: tests/cli_run.py): star imports are followed as Python binds them, and where a
limit stops it, the run says so once."""

from __future__ import annotations

import pathlib
import subprocess
import textwrap

import cli_run

HELPER_PRINTS = "def h(x):\n    print(x)\n    return x\n"


def write(root: pathlib.Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))


def jaxcheck(*args: str, cwd: pathlib.Path) -> subprocess.CompletedProcess[str]:
    return cli_run.jaxcheck("check", *args, cwd=cwd)


def finding_lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line.split(" `print`")[0] for line in result.stdout.splitlines() if ": JAX" in line]


def test_a_helper_reached_through_a_star_import_is_analysed(tmp_path):
    write(tmp_path, {
        "a.py": """
            import jax
            from b import *


            @jax.jit
            def step(x):
                return h(x)
        """,
        "b.py": HELPER_PRINTS,
    })
    result = jaxcheck("--no-cache", "a.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0] == (
        "b.py:2:5: JAX101 `print` in jitted function `h` (called from traced `a.step`) runs once at trace "
        "time, not on every call"
    )


def test_star_imports_bind_what_all_lists_else_the_public_names_also_in_turn(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": """
            import jax
            from .b import *
            from .c import *


            @jax.jit
            def step(x):
                return h(x) + hidden(x) + _private(x) + deep(x)
        """,
        "pkg/b.py": """
            from .d import *

            __all__ = ["h", "deep"]


            def h(x):
                print(x)
                return x


            def hidden(x):
                print(x)
                return x
        """,
        "pkg/c.py": "def _private(x):\n    print(x)\n    return x\n",
        "pkg/d.py": "def deep(x):\n    print(x)\n    return x\n",
    })
    result = jaxcheck("--no-cache", "pkg/a.py", cwd=tmp_path)
    # `hidden` is not in b's `__all__`, `_private` is not public: Python binds neither in a.
    assert finding_lines(result) == ["pkg/b.py:7:5: JAX101", "pkg/d.py:2:5: JAX101"]


def test_a_name_bound_in_the_module_wins_over_a_star_import(tmp_path):
    write(tmp_path, {
        "a.py": """
            import jax
            from b import *


            def h(x):
                return x


            @jax.jit
            def step(x):
                return h(x)
        """,
        "b.py": HELPER_PRINTS,
    })
    assert jaxcheck("--no-cache", "a.py", cwd=tmp_path).returncode == 0


def chain(root: pathlib.Path, length: int) -> None:
    """m0.step (jitted) calls h1 in m1, which calls h2 in m2, ... down to a `print` in m<length>."""
    write(root, {"m0.py": "import jax\nfrom m1 import h1\n\n@jax.jit\ndef step(x):\n    return h1(x)\n"})
    for i in range(1, length):
        write(root, {f"m{i}.py": f"from m{i + 1} import h{i + 1}\n\ndef h{i}(x):\n    return h{i + 1}(x)\n"})
    write(root, {f"m{length}.py": f"def h{length}(x):\n    print(x)\n    return x\n"})


def test_calls_nested_past_the_limit_are_said_once_per_run(tmp_path):
    chain(tmp_path / "near", 20)
    chain(tmp_path / "far", 30)
    chain(tmp_path / "far2", 30)
    near = jaxcheck("--no-cache", "m0.py", cwd=tmp_path / "near")
    assert finding_lines(near) == ["m20.py:2:5: JAX101"] and near.stderr == ""
    far = jaxcheck("--no-cache", "far/m0.py", "far2/m0.py", cwd=tmp_path)
    assert far.returncode == 0 and far.stdout.startswith("No findings")
    (note,) = far.stderr.splitlines()
    assert note == (
        "jaxcheck: note: calls nested more than 24 deep are not followed (the analysis's limit, "
        "jaxcheck.analysis.interpret.interpreter.MAX_CALL_DEPTH, not configurable): what the deeper calls "
        "do was not checked (reached in far/m0.py and 1 other files)"
    )


def test_modules_past_the_limit_of_one_files_analysis_are_said_also_from_the_cache(tmp_path):
    count = 50
    imports = "".join(f"from m{i} import h{i}\n" for i in range(count))
    calls = " + ".join(f"h{i}(x)" for i in range(count))
    write(tmp_path, {"main.py": f"import jax\n{imports}\n@jax.jit\ndef step(x):\n    return {calls}\n"})
    write(tmp_path, {f"m{i}.py": f"def h{i}(x):\n    print(x)\n    return x\n" for i in range(count)})
    for _ in range(2):  # a cold cache, then a warm one
        result = jaxcheck("main.py", cwd=tmp_path)
        assert result.returncode == 1 and len(finding_lines(result)) == 47
        assert result.stderr.splitlines() == [
            "jaxcheck: note: the analysis of one file reads at most 48 other modules of the project "
            "(jaxcheck.analysis.syntax.project.MAX_MODULES_PER_FILE, not configurable): code in further "
            "modules was not checked (reached in main.py)"
        ]


def test_a_module_over_the_bounds_of_one_file_is_not_read_and_the_run_says_so(tmp_path):
    table = "TABLE = [" + ", ".join(map(str, range(400))) + "]\n"
    write(tmp_path, {
        "pyproject.toml": "[tool.jaxcheck]\nmax-syntax-nodes = 300\n",
        "main.py": "import jax\nfrom helpers import h\n\n\n@jax.jit\ndef step(x):\n    return h(x)\n",
        "helpers.py": HELPER_PRINTS + table,
    })
    result = jaxcheck("--no-cache", "main.py", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.startswith("No findings")
    assert result.stderr.splitlines() == [
        "jaxcheck: note: a module of the project over the bounds of one file (`max-syntax-nodes`, nested "
        "brackets) was not read: code in it was not checked (reached in main.py)"
    ]
    (tmp_path / "pyproject.toml").write_text("[tool.jaxcheck]\n")
    assert finding_lines(jaxcheck("--no-cache", "main.py", cwd=tmp_path)) == ["helpers.py:2:5: JAX101"]
