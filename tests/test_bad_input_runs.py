"""Bad input through the real command line (run in this process: tests/cli_run.py): every bad
file is one JAX001 under the path the others are reported with, in every output format, and the
run goes on (never exit 3)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_run import jaxcheck

JITTED_PRINT = "import jax\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"
CELL_PRINT = "import jax\n@jax.jit\ndef g(x):\n    print(x)\n    return x\n"


def notebook(*sources: str, extra: str = "") -> str:
    """A notebook's JSON text with one code cell per source, each given as JSON string text."""
    cells = ", ".join(
        f'{{"cell_type": "code", "metadata": {{}}, "outputs": [], "execution_count": null, "source": {source}}}'
        for source in sources
    )
    return f'{{"cells": [{cells}], "metadata": {{}}, "nbformat": 4, "nbformat_minor": 5{extra}}}'


def errors_and_findings(result: subprocess.CompletedProcess[str]) -> tuple[dict, list]:
    document = json.loads(result.stdout)
    return {e["path"]: e for e in document["errors"]}, [(d["path"], d.get("cell"), d["code"]) for d in document["diagnostics"]]


def test_a_lone_surrogate_in_a_cell_is_that_cells_error_and_the_rest_is_checked(tmp_path):
    # `"\ud800"` is valid JSON; the cell's text then holds a character no Python file can.
    (tmp_path / "bad.ipynb").write_text(notebook(json.dumps("x = 1\n")[:-1] + '\\ud800"', json.dumps(CELL_PRINT)))
    (tmp_path / "good.py").write_text(JITTED_PRINT)
    result = jaxcheck("check", "--no-cache", "--format", "json", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    errors, findings = errors_and_findings(result)
    error = errors["bad.ipynb"]
    assert (error["code"], error["cell"], error["line"], error["column"]) == ("JAX001", 1, 2, 1)
    assert "lone surrogate" in error["message"] and "cell 1 was not checked" in error["message"]
    assert findings == [("bad.ipynb", 2, "JAX101"), ("good.py", None, "JAX101")]


def test_notebook_json_nested_3000_deep_and_a_5000_digit_number_are_read(tmp_path):
    (tmp_path / "deep.ipynb").write_text(notebook(json.dumps(CELL_PRINT), extra=', "x": ' + "[" * 3000 + "]" * 3000))
    (tmp_path / "digits.ipynb").write_text(notebook(json.dumps(CELL_PRINT), extra=', "n": ' + "9" * 5000))
    (tmp_path / "number.ipynb").write_text(notebook("5"))  # a number is still no source
    result = jaxcheck("check", "--no-cache", "--format", "json", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    errors, findings = errors_and_findings(result)
    assert errors["number.ipynb"]["message"] == "cell 1: `source` must be a string or a list of strings"
    assert list(errors) == ["number.ipynb"] and findings == [("deep.ipynb", 1, "JAX101"), ("digits.ipynb", 1, "JAX101")]


def test_notebook_json_nested_past_the_readers_limit_is_a_clear_error(tmp_path):
    (tmp_path / "deeper.ipynb").write_text(notebook(json.dumps(CELL_PRINT), extra=', "x": ' + "[" * 200_000 + "]" * 200_000))
    (tmp_path / "good.py").write_text(JITTED_PRINT)
    result = jaxcheck("check", "--no-cache", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "deeper.ipynb: JAX001 invalid notebook JSON: nested more than about 60,000 levels deep" in result.stdout
    assert "good.py:5:5: JAX101" in result.stdout


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("undecodable.py", b"import jax\nx = '\xff\xfe'\n", "undecodable.py: JAX001 cannot decode"),
        ("nul.py", b"import jax\nx = 1\x00\n", "nul.py: JAX001 binary file"),
        ("brackets.py", b"import jax\nx = " + b"(" * 5000 + b"1" + b")" * 5000 + b"\n", "brackets.py:2:205: JAX001 syntax error: too many nested parentheses"),
        ("operators.py", b"import jax\nx = " + b"+".join([b"1"] * 20_000) + b"\n", "operators.py: JAX001 nested more than about 1000 levels deep"),
        ("unary.py", b"import jax\nx = " + b"-" * 20_000 + b"1\n", "unary.py: JAX001 nested more than about 1000 levels deep"),
        ("attributes.py", b"import jax\nx = " + b"a." * 30_000 + b"b\n", "attributes.py: JAX001 nested more than about 1000 levels deep"),
        ("lambdas.py", b"import jax\nx = " + b"lambda: " * 5000 + b"1\n", "lambdas.py: JAX001 nested more than about 1000 levels deep"),
        ("indented.py", b"import jax\n" + b"".join(b" " * i + b"if x:\n" for i in range(120)) + b" " * 120 + b"pass\n", "indented.py:102:1: JAX001 syntax error: too many levels of indentation"),
    ],
)
def test_poisoned_python_files_are_their_own_error_and_the_run_goes_on(tmp_path, name, data, message):
    (tmp_path / name).write_bytes(data)
    (tmp_path / "good.py").write_text(JITTED_PRINT)
    result = jaxcheck("check", "--no-cache", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    first, second = result.stdout.splitlines()[:2]
    assert first.startswith(message) and second.startswith("good.py:5:5: JAX101 `print` in jitted function `f`")


@pytest.mark.slow  # twelve CLI runs (four formats, three cache states)
def test_a_syntax_error_in_a_file_naming_jax_has_the_relative_path_in_every_format(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "broken.py").write_text("import jax\ndef f(:\n")
    (tmp_path / "pkg" / "good.py").write_text(JITTED_PRINT)
    (tmp_path / "cells.ipynb").write_text(notebook(json.dumps("import jax\ndef f(:\n"), json.dumps(CELL_PRINT)))
    absolute = str(tmp_path)
    for cached in ("--no-cache", "--jobs=1", "--jobs=1"):  # uncached, a cold cache, a warm one
        text = jaxcheck("check", cached, "pkg", "cells.ipynb", cwd=tmp_path).stdout
        assert text.splitlines()[:2] == ["cells.ipynb:cell 1:2:7: JAX001 syntax error: invalid syntax; cell 1 was not checked", "pkg/broken.py:2:7: JAX001 syntax error: invalid syntax"]
        for output_format in ("json", "sarif", "github"):
            output = jaxcheck("check", cached, "--format", output_format, "pkg", "cells.ipynb", cwd=tmp_path).stdout
            assert "pkg/broken.py" in output and "cells.ipynb" in output and absolute not in output
    github = jaxcheck("check", "--format", "github", "pkg", cwd=tmp_path).stdout
    assert "::error file=pkg/broken.py,line=2,title=JAX001 unreadable-file::syntax error: invalid syntax" in github


def test_the_size_limit_counts_a_notebooks_code_not_its_outputs(tmp_path):
    image = "A" * 4_000_000  # 4 MB of a base64 image: an output, never checked
    outputs = f'[{{"output_type": "display_data", "metadata": {{}}, "data": {{"image/png": "{image}"}}}}]'
    text = notebook(json.dumps(CELL_PRINT)).replace('"outputs": []', f'"outputs": {outputs}')
    (tmp_path / "plots.ipynb").write_text(text)
    (tmp_path / "huge_code.ipynb").write_text(notebook(json.dumps("import jax\n" + "x = 1\n" * 200_000)))
    result = jaxcheck("check", "--no-cache", ".", cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stdout.splitlines()[:2] == [
        "huge_code.ipynb: JAX001 code cells too large to check (1,200,011 bytes of code; the limit is 1,000,000)",
        "plots.ipynb:cell 1:4:5: JAX101 `print` in jitted function `g` runs once at trace time, not on every call",
    ]


@pytest.mark.slow  # starts the program, which imports jax
def test_jaxcheck_run_beside_a_bad_notebook_exits_with_the_programs_status(tmp_path):
    (tmp_path / "bad.ipynb").write_text(notebook(json.dumps("x = 1\n")[:-1] + '\\ud800"', extra=', "x": ' + "9" * 5000))
    (tmp_path / "deeper.ipynb").write_text(notebook(json.dumps(CELL_PRINT), extra=', "x": ' + "[" * 200_000 + "]" * 200_000))
    (tmp_path / "prog.py").write_text("print('hello')\nraise SystemExit(5)\n")
    result = subprocess.run(  # `jaxcheck run` runs the program in its process: a process of its own
        [sys.executable, "-m", "jaxcheck", "run", "prog.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 5 and result.stdout == "hello\n", result.stderr
    assert "Traceback" not in result.stderr
