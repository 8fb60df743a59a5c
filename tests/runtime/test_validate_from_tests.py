"""`jaxcheck validate` takes the verdict of the project's own tests for a finding whose
arguments only they can build (a pytest fixture, a chain of helpers): it runs the test files that
reach the finding under `pytest --jaxcheck` (the real CLI, real jax on CPU)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from jaxcheck.runtime.from_tests import NESTED

from .cli import ROOT, validate_json, write_tree

PROJECT = {
    "pyproject.toml": "[project]\nname = 'stepper'\n",
    "model.py": """\
        import jax


        class Config:
            def __init__(self, scale):
                self.scale = scale


        def make_step(config):
            @jax.jit
            def step(x):
                print("tracing step")
                return x * config.scale

            return step
        """,
    "tests/test_model.py": """\
        import jax.numpy as jnp
        import pytest

        from model import Config, make_step


        @pytest.fixture
        def config():
            return Config(2.0)


        def test_step(config):
            step = make_step(config)
            for i in range(3):
                step(jnp.ones(3) * i)
        """,
    # a test file pytest cannot import (a dependency not installed) does not stop the others
    "tests/test_plots.py": """\
        import a_plotting_library_not_installed

        from model import make_step
        """,
}


def _validation(findings: list[dict]) -> dict:
    (finding,) = [f for f in findings if f["code"] == "JAX101"]
    return finding["validation"]


def test_a_finding_whose_arguments_a_fixture_builds_takes_the_verdict_of_the_test(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, PROJECT)
    validation = _validation(validate_json(tmp_path, "model.py"))
    assert validation["status"] == "confirmed", validation
    assert "tests/test_model.py::test_step" in validation["device"]
    assert "pytest --jaxcheck" in validation["evidence"]
    # the test's run kept what `step` was called with, for the next `validate`
    assert (tmp_path / ".jaxcheck_cache" / "recorded-inputs.json").is_file()


def test_without_the_tests_the_same_finding_is_inconclusive_and_says_why(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, PROJECT)
    validation = _validation(validate_json(tmp_path, "--no-tests", "model.py"))
    assert validation["status"] == "inconclusive"
    assert "no value for parameter `config`" in validation["evidence"]


def test_a_validate_run_by_the_tests_themselves_does_not_run_the_tests_again(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A project's tests may run `jaxcheck validate` (jaxcheck's own do): under the tests that a
    validate started, validate settles nothing by tests, or each run would start the next."""
    write_tree(tmp_path, PROJECT)
    monkeypatch.setenv(NESTED, "1")
    validation = _validation(validate_json(tmp_path, "model.py"))
    assert validation["status"] == "inconclusive", validation


# edward2's `DenseGeneralBatchEnsemble`: the loop draws from one key for every batch copy, and the
# project's test builds a layer with one copy, so the test runs the line once
ONE_COPY = {
    "pyproject.toml": "[project]\nname = 'ensemble'\n",
    "layers.py": """\
        import jax
        import jax.numpy as jnp


        class Ensemble:
            def __init__(self, config):
                self.copies = config.copies

            def init(self, rng):
                def wrap(rng):
                    return jnp.concatenate([jax.random.normal(rng, (2,)) for _ in range(self.copies)])

                return wrap(rng)
        """,
    "tests/test_layers.py": """\
        import types

        import jax

        from layers import Ensemble


        def test_one_copy():
            Ensemble(types.SimpleNamespace(copies=1)).init(jax.random.PRNGKey(0))
        """,
}


def test_a_test_that_runs_the_line_without_its_hazard_says_so_in_the_evidence(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, ONE_COPY)
    (finding,) = [f for f in validate_json(tmp_path, "layers.py") if f["code"] == "JAX503"]
    validation = finding["validation"]
    assert validation["status"] == "inconclusive", validation
    assert validation["evidence"].endswith(
        "; the project's tests gave no verdict (`pytest --jaxcheck`): line 11 consumed a key 1 time in this run, "
        "and no key was consumed there again"
    ), validation


def test_a_test_file_that_cannot_be_imported_is_named_with_the_import_error(tmp_path: pathlib.Path) -> None:
    project = {name: text for name, text in PROJECT.items() if name != "tests/test_model.py"}
    project["tests/test_plots.py"] = """\
        import a_plotting_library_not_installed

        from model import make_step
        """
    write_tree(tmp_path, project)
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "validate", "--format", "json", "--isolated", "model.py"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=300,
    )
    assert "tests/test_plots.py: could not be imported" in completed.stderr, completed.stderr
    assert "a_plotting_library_not_installed" in completed.stderr


# JSL (probml): `hmm_lib_test.py` calls its tests at the bottom of the file, and one of them fails
# there, so pytest cannot collect the file; the calls before it drew twice from a legacy key in
# `hmm_sample_jax`, whose `params` (an object with fields) synthesis cannot build
SCRIPT_TESTS = {
    "pyproject.toml": "[project]\nname = 'hmm'\n",
    "hmm/__init__.py": "",
    "hmm/lib.py": """\
        import types

        import jax
        import jax.numpy as jnp


        def uniform_params(n_states):
            return types.SimpleNamespace(init_dist=jnp.ones(n_states) / n_states)


        def sample(params, rng_key):
            first = jax.random.categorical(rng_key, jnp.log(params.init_dist))
            rng_key, rng_obs = jax.random.split(rng_key)
            return first, jax.random.normal(rng_obs, (3,))
        """,
    "hmm/lib_test.py": """\
        import jax

        from hmm.lib import sample, uniform_params


        def test_sample():
            sample(uniform_params(3), jax.random.PRNGKey(0))


        def test_against_a_reference():
            assert False, "the reference library changed"


        test_sample()
        test_against_a_reference()
        """,
}


def test_a_test_file_that_runs_its_tests_at_import_and_fails_there_is_run_as_a_program(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, SCRIPT_TESTS)
    (finding,) = [f for f in validate_json(tmp_path, "hmm/lib.py") if f["code"] == "JAX501"]
    validation = finding["validation"]
    assert validation["status"] == "confirmed", validation
    assert "hmm/lib_test.py, which pytest could not collect, run as a program" in validation["evidence"]
    assert "legacy `uint32[2]` key" in validation["evidence"]


HASHED = {
    "pyproject.toml": "[project]\nname = 'weights'\n",
    # mbirjax's `get_b_from_nbr_wts`: a NumPy array made a tuple of NumPy floats before it is
    # returned, which hashes; the analysis reads the array (a JAX302 at line 21), and only the
    # call of `loss` the tests make runs the line with the program's own value
    "qg.py": """\
        from functools import partial

        import jax
        import numpy as np


        def weights(w):
            b = np.array([w, w])
            b = b / np.sum(b)
            b = tuple(b)
            return b


        @partial(jax.jit, static_argnames="params")
        def scale(x, params):
            return x * params[1]


        def loss(x, w):
            params = (weights(w), 2.0)
            return scale(x, params=params)
        """,
    "tests/test_qg.py": """\
        import jax.numpy as jnp

        from qg import loss


        def test_loss():
            assert float(loss(jnp.ones(3), 1.0)[0]) == 2.0
        """,
}


def test_a_static_argument_the_tests_passed_and_jit_hashed_refutes_the_unhashable_finding(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, HASHED)
    (finding,) = [f for f in validate_json(tmp_path, "qg.py") if f["code"] == "JAX302"]
    assert finding["line"] == 21, finding
    validation = finding["validation"]
    assert validation["status"] == "refuted", validation
    assert "tests/test_qg.py::test_loss" in validation["device"], validation
    assert "line 21 ran 1 time in this run and raised nothing" in validation["evidence"], validation
