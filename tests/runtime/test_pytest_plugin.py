"""The pytest plugin on a small project, in a pytest subprocess (real jax, CPU)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

from .cli import plugin_verdicts, write_tree

ROOT = pathlib.Path(__file__).resolve().parents[2]

MODEL = textwrap.dedent(
    """\
    from functools import partial

    import jax


    @partial(jax.jit, static_argnums=1)
    def scale(x, n):
        print("tracing")
        return x * n


    @jax.jit
    def add(x):
        return x + 1
    """
)

TESTS = textwrap.dedent(
    """\
    import jax.numpy as jnp
    import pytest

    from model import add, scale


    @pytest.mark.jax_max_compiles(1)
    def test_scale_recompiles():
        for n in range(3):
            scale(jnp.ones(3), n)


    @pytest.mark.jax_max_compiles(1)
    def test_eager_dispatch_does_not_count():
        jnp.ones(7) + jnp.zeros(7)
        for i in range(3):
            add(jnp.ones(4) * i)


    def test_unmarked():
        assert add(jnp.ones(2)).shape == (2,)
    """
)


# Load the plugin from this checkout whether or not its entry point is installed: block the
# installed one by its entry-point name, then load the module (pytest refuses it twice).
_LOAD_PLUGIN = ("-p", "no:jaxcheck", "-p", "jaxcheck.runtime.pytest_plugin")


def _pytest(tmp_path: pathlib.Path, *options: str) -> subprocess.CompletedProcess:
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "test_model.py").write_text(TESTS)
    environment = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}", "JAX_PLATFORMS": "cpu"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", *options],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=180,
    )


def test_marker_fails_only_the_test_whose_function_recompiles(tmp_path: pathlib.Path) -> None:
    completed = _pytest(tmp_path, "--jaxcheck")
    out = completed.stdout
    assert completed.returncode == 1, out
    assert "1 failed, 2 passed" in out
    assert "FAILED test_model.py::test_scale_recompiles" in out
    assert "`scale` (model.py:6) compiled 3 times, more than 1; static argument [0][1] changed: now 1, before 0" in out
    # --jaxcheck: the table per test and the verdict on the static finding
    assert "test_model.py::test_eager_dispatch_does_not_count" in out
    assert "JAX101" in out and "confirmed by the run: line 8 ran 3 times" in out
    assert "the tests confirmed 1 and refuted 0" in out


def test_plugin_is_silent_until_used(tmp_path: pathlib.Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "test_plain.py").write_text("def test_nothing():\n    import sys\n    assert 'jax' not in sys.modules\n")
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", "test_plain.py"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120,
    )
    assert completed.returncode == 0, completed.stdout
    assert "jaxcheck" not in completed.stdout


BUDGETED_UNDER_QUIET_LOGGING = textwrap.dedent(
    """\
    import logging
    import threading

    import jax
    import jax.numpy as jnp
    import pytest

    logging.disable(logging.WARNING)  # a test suite silencing its libraries


    @jax.jit
    def step(x):
        return x * 2


    @pytest.mark.jax_max_compiles(1)
    def test_five_shapes():
        for n in range(1, 6):
            step(jnp.ones(n))


    @pytest.mark.jax_max_compiles(7)
    def test_eight_shapes_from_four_threads():
        def work(i):
            step(jnp.ones(100 + 2 * i))
            step(jnp.ones(101 + 2 * i))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    """
)


def test_marker_counts_compiles_whatever_the_logging_and_threads(tmp_path: pathlib.Path) -> None:
    (tmp_path / "test_quiet.py").write_text(BUDGETED_UNDER_QUIET_LOGGING)
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", "test_quiet.py"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=180,
    )
    out = completed.stdout
    assert completed.returncode == 1, out
    assert "2 failed" in out, out
    assert "`step` (test_quiet.py:11) compiled 5 times, more than 1" in out
    assert "`step` (test_quiet.py:11) compiled 8 times, more than 7" in out


def test_a_function_jitted_once_at_module_level_is_not_reported_when_a_weak_type_recompiles_it(tmp_path: pathlib.Path) -> None:
    # `_batch_sample` is jitted once at module level and read lazily by `_ask`: the analysis once
    # took it for a jit made on each call of `_ask` (JAX402), and the plugin had to explain that
    # its second compile came from `sigma` turning from a Python float into an array (a changed
    # weak type). A definition Python evaluates once is now evaluated outside the runs: nothing
    # is reported, and the run confirms nothing.
    write_tree(tmp_path, {
        "setup.py": "",
        "es/__init__.py": "from es.search import Search\n",
        "es/search.py": """\
            from functools import partial

            import jax
            import jax.numpy as jnp


            class Search:
                def __init__(self, size):
                    self.size = size
                    self.key = jax.random.PRNGKey(0)
                    self.sigma = 1.0
                    self.latest = None

                def _ask(self, n):
                    self.key, subkey = jax.random.split(self.key)
                    keys = jax.random.split(subkey, n)
                    return _batch_sample(keys, self.size, self.sigma)

                def ask(self, n=None):
                    self.latest = self._ask(n or 4)
                    return self.latest

                def tell(self, fitness):
                    self.sigma = _tell_core(self.size, fitness, self.latest)


            @partial(jax.jit, static_argnums=0)
            def _tell_core(size, fitness, solutions):
                return jnp.std(solutions) * jnp.mean(fitness) / size


            def _sample(key, size, sigma):
                return jax.random.normal(key, (size,)) * sigma


            _batch_sample = jax.jit(jax.vmap(_sample, in_axes=(0, None, None)), static_argnums=1)
            """,
        "tests/test_search.py": """\
            import jax.numpy as jnp


            class TestSearch:
                def test_ask_tell(self):
                    from es import Search
                    search = Search(3)
                    search.ask()
                    search.tell(jnp.arange(4.0))
                    search.ask()
            """,
    })
    verdicts = plugin_verdicts(tmp_path)
    assert list(verdicts) == [], verdicts


def test_a_recompile_for_a_weak_type_does_not_confirm_a_function_jitted_anew_per_call(tmp_path: pathlib.Path) -> None:
    # `Search.step` jits its nested `sample` anew on each call (JAX402, true). The test calls
    # `step` once, so the run never shows the function made again; `sample` still compiles twice
    # in that one call, because `sigma` turns from a Python float into an array between its two
    # calls, which JAX explains as a changed weak type. That second compile says nothing about
    # the finding: no verdict, and the evidence says what the run showed instead.
    write_tree(tmp_path, {
        "setup.py": "",
        "es/__init__.py": "from es.search import Search\n",
        "es/search.py": """\
            import jax
            import jax.numpy as jnp


            class Search:
                def __init__(self):
                    self.key = jax.random.PRNGKey(0)
                    self.sigma = 1.0

                def step(self):
                    @jax.jit
                    def sample(key, sigma):
                        return jax.random.normal(key, (4, 3)) * sigma

                    self.key, first, second = jax.random.split(self.key, 3)
                    solutions = sample(first, self.sigma)
                    self.sigma = jnp.std(solutions)
                    return sample(second, self.sigma)
            """,
        "tests/test_search.py": """\
            class TestSearch:
                def test_step(self):
                    from es import Search
                    assert Search().step().shape == (4, 3)
            """,
    })
    verdicts = plugin_verdicts(tmp_path)
    assert list(verdicts) == [("search.py", 16, "JAX402")], verdicts
    verdict = verdicts[("search.py", 16, "JAX402")]
    assert verdict["status"] == "inconclusive", verdict
    assert "each time for another reason than a function jitted anew" in verdict["evidence"], verdict
    assert "weak" in verdict["evidence"], verdict


def test_a_mutation_in_init_of_an_object_made_under_the_trace_is_not_confirmed(tmp_path: pathlib.Path) -> None:
    # a module built inside the jitted function (as haiku builds them inside `hk.transform`)
    # sets its own attributes: the line runs only while tracing, but on the trace's own object
    write_tree(tmp_path, {
        "layer.py": """\
            import jax


            class Layer:
                def __init__(self, x):
                    self.weights = []
                    self.weights.append(x * 2)

                def __call__(self):
                    return self.weights[0]


            @jax.jit
            def forward(x):
                return Layer(x)()
            """,
        "test_layer.py": """\
            import jax.numpy as jnp

            from layer import forward


            def test_forward():
                assert forward(jnp.ones(3)).shape == (3,)
            """,
    })
    verdicts = plugin_verdicts(tmp_path)
    assert {where: v["status"] for where, v in verdicts.items()} == {("layer.py", 7, "JAX104"): "inconclusive"}, verdicts
    assert "made under that trace" in verdicts[("layer.py", 7, "JAX104")]["evidence"]


def test_a_function_jitted_anew_in_each_of_two_tests_is_confirmed_not_refuted(tmp_path: pathlib.Path) -> None:
    # each test calls `scale` once: the second compiles `double` again, which JAX explains as a
    # function re-created on the line it compiled one at before; the jit applications of the
    # first test counted in the second, which was refuted ("compiled 1 time while line 8 ran 2 times")
    write_tree(tmp_path, {
        "scaling.py": """\
            import jax


            def scale(x):
                def double(y):
                    return y * 2

                return jax.jit(double)(x)


            def scale_all(xs):
                return [scale(x) for x in xs]
            """,
        "test_scaling.py": """\
            import jax.numpy as jnp

            from scaling import scale


            def test_ones():
                assert scale(jnp.ones(3)).shape == (3,)


            def test_zeros():
                assert scale(jnp.zeros(3)).shape == (3,)
            """,
    })
    verdict = plugin_verdicts(tmp_path)[("scaling.py", 8, "JAX402")]
    assert verdict["status"] == "confirmed", verdict
    assert "why: a new function object defined on the same line" in verdict["evidence"]


def test_an_internal_error_of_the_plugin_never_changes_a_test_outcome(tmp_path: pathlib.Path) -> None:
    """The plugin's own failure (here: reading what a test did) is reported as a warning in the
    summary; the tests pass or fail as they would without it."""
    (tmp_path / "conftest.py").write_text(textwrap.dedent(
        """\
        from jaxcheck.runtime import evidence


        def _broken(*args, **kwargs):
            raise RuntimeError("a defect of the plugin")


        evidence.RunFacts.__init__ = _broken
        """
    ))
    completed = _pytest(tmp_path, "--jaxcheck", "-k", "unmarked or eager")
    out = completed.stdout
    assert completed.returncode == 0, out + completed.stderr
    assert "2 passed" in out
    assert "jaxcheck: warning: test_model.py::test_unmarked: jaxcheck could not record what the test did: RuntimeError: a defect of the plugin" in out


# A library's transformation as haiku writes it (dm-haiku 0.0.17, haiku/_src/transform.py):
# one `apply_fn` code object for every transformed function, which calls the user's through a
# named tuple its closure holds; jax 0.10.2 names each compile `jit(apply_fn)`
# (bench/haiku_compile_names.py).
FAKE_HAIKU = textwrap.dedent(
    """\
    from typing import Callable, NamedTuple


    class WithState(NamedTuple):
        init: Callable
        apply: Callable


    def transform_with_state(f):
        def init_fn(x):
            return {}

        def apply_fn(params, x):
            return f(x)

        return WithState(init_fn, apply_fn)


    def transform(f):
        inner = transform_with_state(f)

        def apply_fn(params, x):
            return inner.apply(params, x)

        return WithState(inner.init, apply_fn)
    """
)


def test_a_library_function_shared_by_transformed_functions_counts_compiles_per_function_it_wraps(tmp_path: pathlib.Path) -> None:
    library = tmp_path / "site-packages"
    library.mkdir()
    (library / "fakehaiku.py").write_text(FAKE_HAIKU)
    (tmp_path / "test_models.py").write_text(textwrap.dedent(
        """\
        import jax
        import jax.numpy as jnp
        import pytest

        import fakehaiku


        def double(x):
            return x * 2


        def triple(x):
            return x * 3


        def run(model, x):
            return jax.jit(model.apply)({}, x)


        @pytest.mark.jax_max_compiles(1)
        def test_two_models_through_one_helper():
            models = [fakehaiku.transform(double), fakehaiku.transform(triple)]
            for _ in range(3):
                for model in models:
                    run(model, jnp.ones(3))
        """
    ))
    environment = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{library}{os.pathsep}{tmp_path}", "JAX_PLATFORMS": "cpu"}
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", "--jaxcheck"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=180,
    )
    out = completed.stdout
    assert completed.returncode == 0, out + completed.stderr
    assert "apply_fn wrapping double (test_models.py:17)" in out, out
    assert "apply_fn wrapping triple (test_models.py:17)" in out


def test_a_failure_while_writing_the_report_leaves_the_exit_status_to_the_tests(tmp_path: pathlib.Path) -> None:
    (tmp_path / "conftest.py").write_text(textwrap.dedent(
        """\
        from jaxcheck.runtime import report


        def _broken(*args, **kwargs):
            raise RuntimeError("a defect of the report")


        report.compile_table = _broken
        """
    ))
    completed = _pytest(tmp_path, "--jaxcheck", "-k", "unmarked")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "jaxcheck: warning: could not write the report: RuntimeError: a defect of the report" in completed.stdout
