"""Every key reuse of a run recorded by file and line, the run going on (real jax, CPU): the
pytest plugin, `jaxcheck run --check-key-reuse` and `jaxcheck validate`."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from .cli import plugin_verdicts, validate_json, write_tree


# The key findings of test files are `info` by default (left out); these tests check how the
# key ledger judges reuse in test code, as a project that reports it there would have it.
KEY_REUSE_IN_TESTS_REPORTED = '[tool.jaxcheck]\ninfo-in-tests = ["JAX4"]\n'

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

SAMPLING = textwrap.dedent(
    """\
    import jax


    def noisy_pair(key, shape):
        a = jax.random.normal(key, shape)
        b = jax.random.uniform(key, shape)
        return a, b
    """
)

# Three draws from one key: JAX's checker stops at the first reuse (line 9, typed keys) or sees
# none (legacy keys); a helper that takes arguments, reached only through the test that calls it;
# a function nested in a test.
TESTS = textwrap.dedent(
    """\
    import jax

    from sampling import noisy_pair


    def test_three_draws():
        key = jax.random.PRNGKey(0)
        x = jax.random.normal(key, (2,))
        y = jax.random.uniform(key, (2,))
        z = jax.random.bernoulli(key, 0.5, (2,))
        assert (x + y + z).shape == (2,)


    def test_helper_with_arguments():
        noisy_pair(jax.random.PRNGKey(1), (3,))


    def test_nested():
        def make(key):
            a = jax.random.normal(key, (2,))
            return a + jax.random.normal(key, (2,))

        assert make(jax.random.key(2)).shape == (2,)


    def test_made_again_is_not_a_reuse():
        a = jax.random.normal(jax.random.PRNGKey(3), (2,))
        b = jax.random.normal(jax.random.PRNGKey(3), (2,))
        assert (a == b).all()
    """
)


def _environment(tmp_path: pathlib.Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}", "JAX_PLATFORMS": "cpu"}


def test_plugin_confirms_every_reuse_site_helpers_and_nested_functions(tmp_path: pathlib.Path) -> None:
    (tmp_path / "pyproject.toml").write_text(KEY_REUSE_IN_TESTS_REPORTED)
    (tmp_path / "sampling.py").write_text(SAMPLING)
    (tmp_path / "test_sampling.py").write_text(TESTS)
    findings = {(name, line): verdict for (name, line, _), verdict in plugin_verdicts(tmp_path).items()}
    assert {where: v["status"] for where, v in findings.items()} == {
        ("test_sampling.py", 9): "confirmed", ("test_sampling.py", 10): "confirmed",
        ("sampling.py", 6): "confirmed", ("test_sampling.py", 21): "confirmed",
    }, findings
    assert "legacy `uint32[2]` key" in findings[("test_sampling.py", 10)]["evidence"]
    assert "at line 8 and the same key again by `_bernoulli` at line 10" in findings[("test_sampling.py", 10)]["evidence"]
    assert "a typed key" in findings[("test_sampling.py", 21)]["evidence"]


def test_plugin_confirms_a_reuse_by_a_callable_of_another_module_not_two_draws_inside_one_call(
    tmp_path: pathlib.Path,
) -> None:
    # The finding is on the argument `key` (line 10); Python reports the call at line 9, where it
    # starts, and the module of the test alone does not say that `Train.__call__` consumes the key.
    write_tree(tmp_path, {
        "pyproject.toml": KEY_REUSE_IN_TESTS_REPORTED,
        "training.py": """\
            import jax


            class Train:
                def __call__(self, key, x):
                    key, subkey = jax.random.split(key)
                    return key, x + jax.random.normal(subkey, x.shape)


            def sample(n, key):
                if n < 1:
                    raise ValueError(n)
                return jax.random.normal(key, (n,)) + jax.random.normal(key, (n,))
            """,
        "test_training.py": """\
            import jax

            from training import Train


            def test_train():
                strategy = Train()
                key = jax.random.PRNGKey(42)
                key, x = strategy(
                    key,
                    jax.random.normal(key, (3,)),
                )
                assert x.shape == (3,)
            """,
        # `sample(0, key)` raises before it draws: the key is first consumed inside `sample(2,
        # key)`, twice (training.py:13); line 11 is no reuse (the analysis knows the call under
        # `pytest.raises` consumes nothing)
        "test_sample.py": """\
            import jax
            import pytest

            from training import sample


            def test_sample():
                key = jax.random.PRNGKey(0)
                with pytest.raises(ValueError):
                    sample(0, key)
                assert sample(2, key).shape == (2,)
            """,
    })
    findings = plugin_verdicts(tmp_path)
    assert {where: v and v["status"] for where, v in findings.items()} == {
        ("test_training.py", 10, "JAX501"): "confirmed",
        ("training.py", 13, "JAX501"): "confirmed",
        # `sample(0, key)` is expected to raise: it consumes nothing, so line 11 reuses nothing
    }, findings
    verdict = findings[("test_training.py", 10, "JAX501")]
    assert "by `_normal` at line 11 and the same key again by `random_split`" in verdict["evidence"]


SCRIPT = textwrap.dedent(
    """\
    import jax


    @jax.jit
    def step(key, x):
        return x + jax.random.normal(key, x.shape)


    key = jax.random.PRNGKey(0)
    x = step(key, jax.numpy.ones(2))
    x = step(key, x)
    noise = jax.random.uniform(key, (2,))
    print("finished")
    """
)


def test_run_records_reuses_across_jitted_calls_and_goes_on(tmp_path: pathlib.Path) -> None:
    (tmp_path / "train.py").write_text(SCRIPT)
    report = tmp_path / "report.json"
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", "--check-key-reuse", "--format", "json", "--report", str(report), "train.py"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert completed.returncode == 0 and "finished" in completed.stdout, completed.stderr
    verdicts = {d["line"]: d["validation"] for d in json.loads(report.read_text())["diagnostics"] if d["code"].startswith("JAX5")}
    assert {line: v["status"] for line, v in verdicts.items()} == {11: "confirmed", 12: "confirmed"}, verdicts
    # the key goes into the compiled `step` and is consumed inside it, at line 6
    assert "by `step` at line 10 and the same key again by `step` at line 11" in verdicts[11]["evidence"]


def test_validate_confirms_each_reuse_site_of_one_function(tmp_path: pathlib.Path) -> None:
    # JAX's checker stopped the function at line 6: line 7 was "another reuse", no verdict
    write_tree(tmp_path, {"draws.py": """\
        import jax


        def draws(key):
            a = jax.random.normal(key, (3,))
            b = jax.random.uniform(key, (3,))
            c = jax.random.bernoulli(key, 0.5, (3,))
            return a, b, c
        """})
    verdicts = {f["line"]: f["validation"] for f in validate_json(tmp_path, "draws.py")}
    assert {line: v["status"] for line, v in verdicts.items()} == {6: "confirmed", 7: "confirmed"}, verdicts
    assert "at line 5 and the same key again by `_bernoulli` at line 7" in verdicts[7]["evidence"]


def test_validate_confirms_a_reuse_inside_a_scan_that_a_plain_function_runs_eagerly(tmp_path: pathlib.Path) -> None:
    # trainax's `PermutationMixer.__init__`: Python control flow on its arguments, then an eager
    # `lax.scan` of a lambda that splits its carry and permutes with the same key. The caller was
    # wrapped in `jax.jit` (TracerBoolConversionError, inconclusive), and the eager `scan` was one
    # bind the ledger did not read (no key consumed at the line, inconclusive). The key is a
    # legacy `PRNGKey`, which JAX's own checker does not track.
    write_tree(tmp_path, {"mixer.py": MIXER})
    (finding,) = [f for f in validate_json(tmp_path, "mixer.py") if f["code"] == "JAX504"]
    validation = finding["validation"]
    assert validation["status"] == "confirmed", validation
    assert "inside the compiled program of `<lambda>`" in validation["evidence"]


def test_run_confirms_a_legacy_key_reused_inside_an_eager_scan(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, {"mixer.py": MIXER, "main.py": """\
        import jax

        from mixer import Mixer

        Mixer(10, 2, jax.random.PRNGKey(0))
        print("finished")
        """})
    report = tmp_path / "report.json"
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", "--check-key-reuse", "--format", "json", "--report", str(report), "main.py"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert completed.returncode == 0 and "finished" in completed.stdout, completed.stderr
    (finding,) = [d for d in json.loads(report.read_text())["diagnostics"] if d["code"] == "JAX504"]
    assert finding["validation"]["status"] == "confirmed", finding
    assert "legacy `uint32[2]` key" in finding["validation"]["evidence"]


MIXER = """\
        import jax


        class Mixer:
            def __init__(self, num_samples: int, batch_size: int, shuffle_key):
                if num_samples < batch_size:
                    batch_size = num_samples
                self.batch_size = batch_size
                _, self.permutations = jax.lax.scan(
                    lambda key, _: (jax.random.split(key)[0], jax.random.permutation(key, num_samples)),
                    shuffle_key,
                    None,
                    length=3,
                )
        """


def test_validate_runs_the_init_of_a_frozen_class_by_calling_the_class(tmp_path: pathlib.Path) -> None:
    # `__init__` called again on an instance already built raised FrozenInstanceError
    write_tree(tmp_path, {"frozen.py": """\
        import jax


        class Draws:
            \"\"\"Each field is set once, in `__init__` (as an `equinox.Module`'s are).\"\"\"

            def __setattr__(self, name, value):
                if hasattr(self, name):
                    raise AttributeError(f"cannot assign to field {name!r}")
                object.__setattr__(self, name, value)

            def __init__(self, size: int, key):
                self.size = max(size, 1)
                self.noise = jax.lax.scan(
                    lambda key, _: (jax.random.split(key)[0], jax.random.normal(key, (self.size,))), key, None, length=2,
                )[1]
        """})
    (finding,) = [f for f in validate_json(tmp_path, "frozen.py") if f["code"] == "JAX504"]
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
