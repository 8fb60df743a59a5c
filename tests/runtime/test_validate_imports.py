"""`jaxcheck validate` imports the user's code the way Python would from the project's root
(packages, `src/` layouts, modules beside a notebook, an empty argv, definitions only), runs it
in the interpreter given with `--python` with that interpreter's own libraries, and says so when
an import fails (the real CLI, real jax on CPU)."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys
import sysconfig

import pytest

from .cli import ROOT, validate_json, write_tree


def _verdicts(findings: list[dict]) -> dict[tuple[str, str], dict]:
    return {(pathlib.Path(d["path"]).name, d["code"]): d["validation"] for d in findings}


def test_a_test_of_a_src_layout_imports_the_package_as_pytest_would(tmp_path: pathlib.Path) -> None:
    """`tests/` has no `__init__.py`: its module is found from the project's root, and the
    package under `src/` from `src/`; the package's relative import works."""
    write_tree(tmp_path, {
        "pyproject.toml": "[project]\nname = 'scaler'\n",
        "src/scaler/__init__.py": "",
        "src/scaler/_factor.py": "FACTOR = 2.0\n",
        "src/scaler/ops.py": """\
            from ._factor import FACTOR


            def double(x):
                return x * FACTOR
            """,
        "tests/helpers.py": "OFFSET = 1.0\n",
        "tests/test_ops.py": """\
            import jax

            from scaler.ops import double
            from tests.helpers import OFFSET


            @jax.jit
            def step(x: jax.Array):
                print(x)
                return double(x) + OFFSET
            """,
    })
    verdict = _verdicts(validate_json(tmp_path, "tests/test_ops.py"))[("test_ops.py", "JAX101")]
    assert verdict["status"] == "confirmed", verdict


ARGPARSE_MAIN = """\
    import argparse

    import jax
    import jax.numpy as jnp


    def main():
        parser = argparse.ArgumentParser()
        parser.add_argument("--steps", type=int, default=3)
        args = parser.parse_args()
        x = jnp.ones(3)
        for i in range(args.steps):
            x = jax.jit(lambda v: v * i)(x)
        return x


    if __name__ == "__main__":
        raise SystemExit("the main block ran")
    """


def test_the_code_sees_an_empty_argv_and_its_main_block_does_not_run(shared: dict) -> None:
    verdict = shared[("train.py", "JAX401")]
    assert verdict["status"] == "confirmed", verdict


HELPERS = "def double(x):\n    return 2 * x\n"
NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": source}
        for source in (
            "import jax\nfrom helpers import double\n",
            "@jax.jit\ndef step(x: jax.Array):\n    print(x)\n    return double(x)\n",
        )
    ],
    "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
}


def test_a_notebook_imports_the_module_beside_it(shared: dict) -> None:
    verdict = shared[("explore.ipynb", "JAX101")]
    assert verdict["status"] == "confirmed", verdict


FAILED_IMPORT = """\
    import jax

    from a_package_nobody_installed import units


    def to_metres(x) -> units.Length:
        return x


    @jax.jit
    def step(x: jax.Array):
        print(x)
        return to_metres(x)
    """


def test_an_import_that_fails_is_reported_as_the_import_failure(shared: dict) -> None:
    """`to_metres` is not defined because its annotation names what the failed import binds:
    the evidence names the import, the first statement that failed."""
    verdict = shared[("units_step.py", "JAX101")]
    assert verdict["status"] == "inconclusive"
    assert verdict["evidence"].startswith(
        "importing the module failed: the statement at line 3 raised ModuleNotFoundError: "
        "No module named 'a_package_nobody_installed'"
    ), verdict


# The project's interpreter and jaxcheck's each hold a jax of their own: links to the same files
# from two places, so which one the experiment imported shows in `jax.__file__`.
_LIBRARIES = ("jax", "jaxlib", "numpy", "numpy.libs", "ml_dtypes", "opt_einsum", "scipy", "scipy.libs")


def _link_libraries(site: pathlib.Path) -> None:
    installed = pathlib.Path(sysconfig.get_paths()["purelib"])
    site.mkdir(parents=True, exist_ok=True)
    for name in _LIBRARIES:
        if (installed / name).exists():
            (site / name).symlink_to(installed / name, target_is_directory=True)


def _venv(directory: pathlib.Path) -> pathlib.Path:
    """A virtual environment without pip; its site-packages."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(directory)], check=True)
    return directory / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"


@pytest.mark.parametrize("relative", [True, False])
def test_python_runs_the_experiments_on_that_interpreters_jax(tmp_path: pathlib.Path, relative: bool) -> None:
    """jaxcheck installed in an environment with a jax of its own; the project's environment,
    named by a relative path (the documented form) or an absolute one, has another: the
    experiment runs on the project's."""
    tools_python = _tools_environment(tmp_path / "tools")
    project = tmp_path / "project"
    _link_libraries(_venv(project / ".venv"))
    write_tree(project, {"step.py": """\
        import pathlib

        import jax


        @jax.jit
        def step(x: jax.Array):
            print(x)
            pathlib.Path(__file__).with_name("jax_used.txt").write_text(jax.__file__)
            return x
        """})
    python = ".venv/bin/python" if relative else str(project / ".venv" / "bin" / "python")
    report = validate_json(project, "--python", python, "step.py", python=str(tools_python), pythonpath="")
    verdict = _verdicts(report)[("step.py", "JAX101")]
    assert verdict["status"] == "confirmed", verdict
    used = (project / "jax_used.txt").read_text()
    assert used.startswith(str(project / ".venv" / "lib")), used


def _tools_environment(directory: pathlib.Path) -> pathlib.Path:
    """jaxcheck installed with its own libraries (libcst) in an environment of its own: its python."""
    tools = _venv(directory)
    shutil.copytree(ROOT / "jaxcheck", tools / "jaxcheck", ignore=shutil.ignore_patterns("__pycache__"))
    _link_libraries(tools)
    for name in ("libcst", "yaml", "_yaml"):
        source = pathlib.Path(sysconfig.get_paths()["purelib"]) / name
        if source.exists():
            (tools / name).symlink_to(source)
    return directory / "bin" / "python"


_PYTEST = ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "pygments", "py.py")


def test_the_projects_tests_run_instrumented_in_an_environment_without_jaxcheck(tmp_path: pathlib.Path) -> None:
    """The project's environment has jax and pytest but not jaxcheck nor libcst (jaxcheck is
    installed elsewhere, the documented `--python` use): the tests that reach a finding the
    experiment could not run still confirm it (the plugin instrumenting them needs libcst; it
    was missing, every test ran uninstrumented, and the finding stayed inconclusive in silence)."""
    tools_python = _tools_environment(tmp_path / "tools")
    project = tmp_path / "project"
    site = _venv(project / ".venv")
    _link_libraries(site)
    installed = pathlib.Path(sysconfig.get_paths()["purelib"])
    for path in installed.iterdir():
        if path.name in _PYTEST or path.name.split("-")[0] in _PYTEST and path.name.endswith(".dist-info"):
            (site / path.name).symlink_to(path)
    write_tree(project, {
        "layers.py": """\
            import jax


            def make_config(width):
                return {"width": width}


            class Dense:
                def __init__(self, config, key):
                    k_w, k_b = jax.random.split(key)
                    self.w = jax.random.normal(k_w, (config["width"],))
                    self.b = jax.random.uniform(k_w, (config["width"],))
            """,
        "tests/test_layers.py": """\
            import jax

            from layers import Dense, make_config


            def test_dense():
                # built by the project's own helper: the experiment cannot take this call's arguments
                layer = Dense(make_config(3), jax.random.key(0))
                assert layer.w.shape == (3,)
            """,
    })
    report = validate_json(project, "--python", ".venv/bin/python", "layers.py", python=str(tools_python), pythonpath="")
    verdict = _verdicts(report)[("layers.py", "JAX501")]
    assert verdict["status"] == "confirmed", verdict
    assert verdict["device"] == "test tests/test_layers.py::test_dense", verdict


FLAGS = """\
    import jax
    from absl import flags

    _SCALE = flags.DEFINE_float("scale", 2.0, "how much to scale by")


    @jax.jit
    def step(x: jax.Array):
        print(x)
        return x * _SCALE.default
    """


def test_module_level_setup_of_absl_and_hypothesis_runs(shared: dict) -> None:
    """A flag defined, a hypothesis profile registered at module level is set-up, as a call of
    jax is (a test module's `hypothesis.settings.register_profile(deadline=None)` skipped left
    hypothesis' 200 ms deadline on, and the test flaked under the experiment)."""
    verdict = shared[("flags_step.py", "JAX101")]
    assert verdict["status"] == "confirmed", verdict


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The verdicts of one validation of the single-module projects above, by (file, code):
    each `jaxcheck validate` starts worker processes that import jax (seconds each)."""
    root = tmp_path_factory.mktemp("shared")
    write_tree(root, {"train.py": ARGPARSE_MAIN, "helpers.py": HELPERS, "units_step.py": FAILED_IMPORT, "flags_step.py": FLAGS})
    (root / "explore.ipynb").write_text(json.dumps(NOTEBOOK))
    return _verdicts(validate_json(root, "train.py", "explore.ipynb", "units_step.py", "flags_step.py"))
