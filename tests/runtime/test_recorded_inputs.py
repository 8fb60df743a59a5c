"""Inputs recorded from the user's own runs: `pytest --jaxcheck` and `jaxcheck run` keep what each
jitted function was called with, and `jaxcheck validate` replays it first, saying so. The
functions here take arguments synthesis cannot build (a list of pairs of arrays, a dict of arrays
of particular shapes). Real jax, CPU."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]
_LOAD_PLUGIN = ("-p", "no:jaxcheck", "-p", "jaxcheck.runtime.pytest_plugin")

LOSS = textwrap.dedent(
    """\
    from functools import partial

    import jax
    import jax.numpy as jnp


    @jax.jit
    def pair_loss(pairs):
        print("tracing pair_loss")
        return sum(jnp.sum(a * b) for a, b in pairs)


    @partial(jax.jit, static_argnames="mode")
    def project(batch, mode):
        print("tracing project")
        out = batch["x"] @ batch["w"]
        return out.sum() if mode == "sum" else out.mean()
    """
)


def _project(tmp_path: pathlib.Path) -> pathlib.Path:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pkg"\n')
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "loss.py").write_text(LOSS)
    return tmp_path / "pkg" / "loss.py"


def _environment(tmp_path: pathlib.Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}", "JAX_PLATFORMS": "cpu"}


def _validate(tmp_path: pathlib.Path) -> dict[str, dict]:
    """The verdicts of the experiments alone: `--no-tests`, or validate would run the tests itself
    (tests/runtime/test_validate_from_tests.py) and these tests could not show what the recording adds."""
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "validate", "--no-tests", "--format", "json", "pkg/loss.py"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 1, completed.stderr
    diagnostics = json.loads(completed.stdout)["diagnostics"]
    return {d["message"].split("`")[3]: d["validation"] for d in diagnostics if d["code"] == "JAX101"}


def test_validate_replays_the_input_pytest_recorded(tmp_path: pathlib.Path) -> None:
    _project(tmp_path)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_loss.py").write_text(textwrap.dedent(
        """\
        import jax.numpy as jnp

        from pkg.loss import pair_loss


        def make_pairs():
            return [(jnp.ones(3), jnp.ones(3) * 2), (jnp.ones(3), jnp.zeros(3))]


        def test_pairs():
            assert pair_loss(make_pairs()) == 6
        """
    ))
    before = _validate(tmp_path)["pair_loss"]
    assert before["status"] == "inconclusive" and "iteration over a 0-d array" in before["evidence"]

    tested = subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", "--jaxcheck", "tests"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert tested.returncode == 0, tested.stdout + tested.stderr
    stored = json.loads((tmp_path / ".jaxcheck_cache" / "recorded-inputs.json").read_text())
    (call,) = stored["functions"]["pkg/loss.py::pair_loss"]
    assert call["recorded_by"] == "`pytest --jaxcheck` (tests/test_loss.py::test_pairs)"
    (pair, _) = call["args"][0]["list"]
    assert pair["tuple"][1] == {"array": "float32", "shape": [3], "weak": False, "numpy": False, "values": [2.0, 2.0, 2.0]}

    after = _validate(tmp_path)["pair_loss"]
    assert after["status"] == "confirmed"
    assert "arguments: the input recorded by `pytest --jaxcheck` (tests/test_loss.py::test_pairs)" in after["evidence"]
    assert "([(float32[3], float32[3]), (float32[3], float32[3])])" in after["evidence"]


def test_validate_replays_the_input_jaxcheck_run_recorded(tmp_path: pathlib.Path) -> None:
    _project(tmp_path)
    (tmp_path / "train.py").write_text(textwrap.dedent(
        """\
        import jax.numpy as jnp

        from pkg.loss import project

        batch = {"x": jnp.ones((4, 2)), "w": jnp.ones((2, 300))}
        print(project(batch, mode="sum"))
        """
    ))
    ran = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", "train.py"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert ran.returncode == 0, ran.stderr
    stored = json.loads((tmp_path / ".jaxcheck_cache" / "recorded-inputs.json").read_text())
    (call,) = stored["functions"]["pkg/loss.py::project"]
    assert call["kwargs"]["mode"] == {"str": "sum", "static": "'sum'"}
    x, w = (value for _, value in call["args"][0]["dict"])
    assert x["shape"] == [4, 2] and x["values"] == [1.0] * 8
    assert w["shape"] == [2, 300] and "values" not in w  # more than 64 elements: the shape only

    verdict = _validate(tmp_path)["project"]
    assert verdict["status"] == "confirmed"
    assert "arguments: the input recorded by `jaxcheck run train.py` (array values synthesized" in verdict["evidence"]
    assert "({'x': float32[4, 2], 'w': float32[2, 300]}, mode='sum')" in verdict["evidence"]


def test_validate_replays_what_a_test_called_an_unjitted_function_with(tmp_path: pathlib.Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "pkg"\n')
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "init.py").write_text(textwrap.dedent(
        """\
        import jax


        def layer_sizes():
            return [2, 3, 4]


        def init_layers(key, sizes):
            first = jax.random.normal(key, (sizes[0], sizes[1]))
            second = jax.random.normal(key, (sizes[1], sizes[2]))
            return first, second
        """
    ))
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_init.py").write_text(textwrap.dedent(
        """\
        import jax

        from pkg.init import init_layers, layer_sizes


        def test_shapes():
            first, second = init_layers(jax.random.PRNGKey(0), layer_sizes())
            assert second.shape == (3, 4)
        """
    ))

    def verdict() -> dict:
        completed = subprocess.run(
            [sys.executable, "-m", "jaxcheck", "validate", "--no-tests", "--format", "json", "pkg/init.py"],
            cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=300,
        )
        (finding,) = json.loads(completed.stdout)["diagnostics"]
        assert (finding["code"], finding["line"]) == ("JAX501", 10)
        return finding["validation"]

    before = verdict()
    assert before["status"] == "inconclusive" and "Shapes must be 1D sequences" in before["evidence"]
    tested = subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", "--jaxcheck", "tests"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert tested.returncode == 0, tested.stdout + tested.stderr
    stored = json.loads((tmp_path / ".jaxcheck_cache" / "recorded-inputs.json").read_text())
    (call,) = stored["functions"]["pkg/init.py::init_layers"]
    assert call["args"][1] == {"list": [{"int": 2}, {"int": 3}, {"int": 4}]} and call["bound"] is False

    after = verdict()
    assert after["status"] == "confirmed", after["evidence"]
    assert "the input recorded by `pytest --jaxcheck` (tests/test_init.py::test_shapes) (key<fry>[], [2, 3, 4])" in after["evidence"]
