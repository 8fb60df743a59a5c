"""Verdicts `jaxcheck validate` gives on the smallest inputs that used to get none, or a wrong
one: a timeout says so and where the code was; key parameters get keys; parameters shaped like
a list of layers get one; a generator says it is one; a hazard in a helper of another module is
run from the jitted function that reaches it; compiles are counted under the names jax gives them
(the real CLI, real jax on CPU)."""

from __future__ import annotations

import pathlib
import textwrap
from collections import Counter

import pytest

from jaxcheck.runtime.probes.recompilation import judge

from .cli import ROOT, validate_json, write_tree


def test_a_timeout_says_it_timed_out_and_where_the_code_was(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, {"slow.py": """\
        import jax


        @jax.jit
        def spin(x: jax.Array):
            print(x)
            while True:
                pass
        """})
    (finding,) = validate_json(tmp_path, "--timeout", "2", "slow.py")
    evidence = finding["validation"]["evidence"]
    assert finding["validation"]["status"] == "inconclusive"
    assert evidence.startswith(
        "timed out: the experiment ran past its 2 s limit (--timeout) while running `spin` with synthesized "
        "arguments (float32[3]) at slow.py:"
    ), evidence
    assert "(`spin`)" in evidence and "hang" not in evidence, evidence


def _by_function(findings: list[dict], source: str) -> dict[str, dict]:
    """Each finding's validation, by the function whose body holds its line."""
    lines = textwrap.dedent(source).splitlines()
    found = {}
    for finding in findings:
        header = next(t for t in reversed(lines[: finding["line"]]) if t.lstrip().startswith("def "))
        found[header.split("def ")[1].split("(")[0]] = finding["validation"]
    return found


KEYS = """\
    import jax


    @jax.jit
    def with_default(x: jax.Array, rng=None):
        print(x)
        return x + jax.random.normal(rng, x.shape)


    @jax.jit
    def annotated_as_array(x: jax.Array, key: jax.Array):
        print(x)
        return x + jax.random.normal(key, x.shape)
    """


LAYERS = """\
    import jax
    import jax.numpy as jnp


    @jax.jit
    def annotated(params: list[tuple[jax.Array, jax.Array]], x: jax.Array):
        for w, b in params:
            x = jnp.tanh(x @ w + b)
        print(x)
        return x


    @jax.jit
    def unannotated(params, x):
        for w, b in params:
            x = jnp.tanh(x @ w + b)
        if x.sum() > 0:
            x = -x
        return x
    """


@pytest.mark.parametrize("source", [KEYS, LAYERS], ids=["keys", "layers"])
def test_synthesized_arguments_fit_what_the_function_does_with_them(validated: Validated, source: str) -> None:
    """A key parameter gets a key (it got `None` from its default, or an array of floats from
    its annotation); a list of layers gets (matrix, bias) pairs, annotated or not."""
    name = "keys_model.py" if source is KEYS else "layers_model.py"
    verdicts = _by_function(validated[name], source)
    assert len(verdicts) == 2 and all(v["status"] == "confirmed" for v in verdicts.values()), verdicts


GENERATORS = """\
    import jax
    import jax.numpy as jnp


    def train(n: int):
        for i in range(n):
            step = jax.jit(lambda x: x * i)
            yield step(jnp.ones(3))


    @jax.jit
    def stream(x: jax.Array):
        print(x)
        yield x
    """


def test_a_generator_is_iterated_or_said_to_be_one(validated: Validated) -> None:
    verdicts = _by_function(validated["loop.py"], GENERATORS)
    assert verdicts["train"]["status"] == "confirmed", verdicts
    assert verdicts["stream"]["status"] == "inconclusive"
    assert "got a generator function" in verdicts["stream"]["evidence"], verdicts


PMAP = """\
    import jax
    import jax.numpy as jnp


    def train():
        x = jnp.ones((1, 3))
        for _ in range(3):
            x = jax.pmap(lambda v: v * 2)(x)
        return x
    """


def test_compiles_under_pmap_are_counted_under_the_name_jax_gives_them(validated: Validated) -> None:
    """jax 0.10.2 logs `jax.pmap(lambda ...)` as `jit(_fun)`, not under the lambda's name."""
    (finding,) = validated["replicate.py"]
    assert finding["code"] == "JAX401"
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert finding["validation"]["evidence"].startswith("3 XLA compilations"), finding["validation"]


def test_a_helper_of_another_module_runs_from_the_jitted_function_that_reaches_it() -> None:
    """The `print` is in `metrics.report_loss`, which `main.train_step` calls under jit: run
    alone, without jit, it prints on every call; run from `train_step` with the arguments the
    description carries (`batch` is a pair of arrays), it prints once in three calls."""
    findings = validate_json(ROOT / "tests" / "regression" / "purity", "701_print_in_metrics_helper_module")
    (finding,) = findings
    assert finding["path"].endswith("metrics.py")
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "of 3 calls of `train_step` under jit" in finding["validation"]["evidence"]


UNREACHED = """\
    from functools import partial

    import jax


    @partial(jax.jit, static_argnames="mode")
    def step(x: jax.Array, mode: str = "fast"):
        if mode == "debug":
            print(x)
        return x * 2


    @partial(jax.jit, static_argnames="mode")
    def norm(x: jax.Array, mode: str = "fast"):
        if mode == "exact":
            if x.sum() > 0:
                return x / x.sum()
        return x
    """


def test_a_hazard_the_arguments_do_not_reach_is_not_refuted(validated: Validated) -> None:
    verdicts = _by_function(validated["branches.py"], UNREACHED)
    assert set(verdicts) == {"step", "norm"}
    assert verdicts["step"]["status"] == "inconclusive", verdicts
    assert "not seen in any call, with or without jit" in verdicts["step"]["evidence"]
    assert verdicts["norm"]["status"] == "inconclusive", verdicts
    assert "line 16 did not run" in verdicts["norm"]["evidence"], verdicts


# Cases of the regression corpus (each one's hazard observed on jax 0.10.x) whose findings were
# refuted: the experiment did not exercise the hazard, or counted the wrong thing.
HONEST = {
    # a traced kwarg with a default of 0.0: jit traces it only when it is passed
    "tracing/023_temperature_branch_in_while_loop_step.py": "confirmed",
    # a new optimizer per `train()` call: one compile per call, not per iteration of its loop
    "recompilation/005_optax_optimizer_rebuilt_static.py": "confirmed",
    # synthesized data splits into equal batches: no ragged last batch to recompile for
    "recompilation/010_ragged_last_batch.py": "inconclusive",
    # the key is used before it is replaced: part of the output changes with it, part does not
    "prng/005_key_parameter_replaced_by_dummy_after_init.py": "inconclusive",
    # `jax.checkpoint` caches the trace without jit too: both print once (a message of a static
    # shape: an `info` finding, shown with --show-info)
    "purity/050_print_in_checkpointed_block_under_jit.py": "inconclusive",
    # one draw for every vmap lane of a broadcast key, or for a one-leaf pytree: drawn once
    "prng/206_vmap_noise_broadcast_key.py": "inconclusive",
    "prng/213_dpsgd_noise_same_key.py": "inconclusive",
    "prng/214_ensemble_split_inside_vmap.py": "inconclusive",
    "prng/510_augment_vmap_shared_key.py": "inconclusive",
    # the caller that draws from the handed-back key again is in main.py
    "prng/216_backgammon_dice_state_key/env.py": "inconclusive",
    # `random.gamma` consumes its key; a key closed over by a jitted function is followed
    "prng/901_student_t_same_key_normal_gamma.py": "confirmed",
    "prng/jax_20704_closed_over_key.py": "confirmed",
    # the static names are what a caller passes
    "static_args/608_rus_wrapper_static_argnames.py": "inconclusive",
    # an array in a meta field: two instances through one jitted function (the field), `main`
    # run as it is (the calls), the second raises jit's error comparing the static parts
    "static_args/906_register_dataclass_array_meta_field.py": "confirmed",
    # 3 compilations while the line ran 8 times: values that repeat hit the cache, which is
    # neither every new value compiling again nor the compiled code reused
    "recompilation/506_segment_count_static/main.py": "inconclusive",
    # traced by `jax.vmap`, `jax.jit` in main.py
    "tracing/202_truncated_kernel_vmap/kernels.py": "confirmed",
    "tracing/603_mpi_constant_int32/utils.py": "confirmed",
}


def test_refuted_only_when_the_experiment_exercised_the_hazard() -> None:
    corpus = ROOT / "tests" / "regression"
    cases = sorted({"/".join(case.split("/")[:2]) for case in HONEST})  # a case's directory, or its file
    verdicts: dict[str, set[str]] = {}
    for finding in validate_json(corpus, "--show-info", *cases):
        verdicts.setdefault(finding["path"], set()).add(finding["validation"]["status"])
    assert {case: verdicts.get(case) for case in HONEST} == {case: {status} for case, status in HONEST.items()}, verdicts


def test_a_finding_at_a_call_of_another_modules_jitted_function_is_planned_with_the_project(tmp_path: pathlib.Path) -> None:
    """`scale` is jitted in `ops.py`: read alone, `drift.py` holds no jitted call at the finding."""
    write_tree(tmp_path, {
        "ops.py": """\
            import jax


            @jax.jit
            def scale(x, n):
                return x * n
            """,
        "drift.py": """\
            import jax.numpy as jnp

            from ops import scale


            def check():
                a = scale(jnp.ones(3), 2)
                b = scale(jnp.ones(3), 2.0)
                return a + b
            """,
    })
    findings = [f for f in validate_json(tmp_path, ".") if f["code"] == "JAX406"]
    assert [f["validation"]["status"] for f in findings] == ["confirmed"], findings


DATA = """\
    from typing import Any

    import jax


    def load(num_samples: Any):
        key = jax.random.key(3)
        x = jax.random.uniform(key, (num_samples,))
        noise = jax.random.normal(key, (num_samples,))
        return x + noise
    """


def test_a_key_made_inside_the_function_is_checked_without_a_key_parameter(validated: Validated) -> None:
    (finding,) = validated["data.py"]
    assert finding["code"] == "JAX501"
    assert finding["validation"]["status"] == "confirmed", finding["validation"]


DROPOUT = """\
    import jax
    import jax.numpy as jnp


    def dropout(x: jax.Array, rng=None):
        if rng is None:
            rng = jax.random.PRNGKey(0)
        return jnp.where(jax.random.bernoulli(rng, 0.5, x.shape), x, 0.0)


    @jax.jit
    def forward(x):
        return dropout(x)


    def train(x):
        return [forward(x) for _ in range(3)]
    """


DEFAULT_KEY = """\
    import jax
    import jax.numpy as jnp


    def dropout(x, rng=jax.random.PRNGKey(0)):
        return jnp.where(jax.random.bernoulli(rng, 0.5, x.shape), x, 0.0)


    def train(x):
        return [dropout(x) for _ in range(3)]
    """


def test_a_default_key_left_out_by_a_repeated_call_is_checked_by_leaving_it_out(validated: Validated) -> None:
    (finding,) = validated["default_key.py"]
    assert (finding["code"], finding["line"]) == ("JAX502", 5)
    assert finding["validation"]["status"] == "confirmed", finding["validation"]


def test_a_key_made_when_its_parameter_is_left_out_is_checked_by_leaving_it_out(validated: Validated) -> None:
    # Passing two keys gives two outputs; the hazard is the calls that pass none.
    (finding,) = validated["layers.py"]
    assert (finding["code"], finding["line"]) == ("JAX502", 7)
    assert finding["validation"]["status"] == "confirmed", finding["validation"]


def test_a_function_jitted_only_in_another_module_is_run_under_jit(tmp_path: pathlib.Path) -> None:
    """The description says `schedule` is traced by `jax.jit` (in the test); read alone, its own
    module does not show it, and it was called without jit and refuted."""
    write_tree(tmp_path, {
        "ops.py": """\
            import logging


            def schedule(step):
                logging.info("step %s", step)
                return step * 2
            """,
        "test_ops.py": """\
            import jax

            from ops import schedule


            def test_schedule():
                assert jax.jit(schedule)(1) == 2
            """,
    })
    (finding,) = validate_json(tmp_path, ".")
    assert finding["code"] == "JAX102"
    assert finding["validation"]["status"] == "confirmed", finding["validation"]


def test_a_call_with_unpacked_keywords_is_run_by_its_caller() -> None:
    """`init_params(0.01, **config)`: the call site has no literal arguments to evaluate (the
    experiment once failed with `KeyError: 'line'`); `main`, which makes the call, runs it."""
    corpus = ROOT / "tests" / "regression"
    (finding,) = validate_json(corpus, "static_args/038_config_dict_unpacked_into_static_kwargs.py")
    evidence = finding["validation"]["evidence"]
    assert finding["validation"]["status"] == "confirmed", evidence
    assert "KeyError" not in evidence and evidence.startswith(
        "calling `main` with the call at line 27 (): the call at line 23 raised ValueError: Non-hashable static arguments"
    ), evidence


def test_a_static_argument_of_another_modules_jitted_function_is_planned(tmp_path: pathlib.Path) -> None:
    """The planner sees `mlp` through the project view, as the check did; it is another
    module's function, which planning read positions of and crashed on, and which is reached
    by the name the module imports it under."""
    write_tree(tmp_path, {
        "ops.py": """\
            from functools import partial

            import jax


            @partial(jax.jit, static_argnames="sizes")
            def mlp(x, sizes):
                return x * len(sizes)
            """,
        "use.py": """\
            import jax.numpy as jnp

            from ops import mlp

            OUT = mlp(jnp.ones(3), sizes=[64, 64])
            """,
        "use_in_function.py": """\
            import jax.numpy as jnp

            from ops import mlp


            def main():
                return mlp(jnp.ones(3), [64, 64])
            """,
    })
    findings = validate_json(tmp_path, ".")
    assert [f["code"] for f in findings] == ["JAX302", "JAX302"]
    assert [f["validation"]["status"] for f in findings] == ["confirmed", "confirmed"], findings


INIT = """\
    import jax


    def init_params(key: jax.Array, size: int, zeros: bool = False):
        if zeros:
            return jax.numpy.zeros(size)
        return jax.random.normal(key, (size,)) + jax.random.normal(key, (size,))
    """


def test_a_hazard_on_the_default_path_is_run_with_the_defaults(validated: Validated) -> None:
    # `zeros: bool = False` synthesized from its annotation is True, which skips the reuse; the
    # parameter left to its default takes the path the reuse is on.
    (finding,) = validated["init.py"]
    assert finding["code"] == "JAX501"
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "synthesized arguments, defaults kept (key<fry>[], 3)" in finding["validation"]["evidence"]


PARAMETERIZED = """\
    import jax
    from absl.testing import parameterized


    class PairTest(parameterized.TestCase):

        @parameterized.parameters({cases})
        def test_pair(self, same):
            key = jax.random.PRNGKey(0)
            x1 = jax.random.normal(key, (2,))
            x2 = x1 if same else jax.random.normal(key, (3,))
            self.assertEqual(x2.ndim, 1)
    """


def test_a_parameterized_test_runs_its_cases_until_one_reaches_the_hazard(validated: Validated) -> None:
    # absl leaves `test_pair0` and `test_pair1`, each wrapping `test_pair` with its parameters,
    # and no `test_pair`; the first case takes the branch without the reuse.
    (finding,) = validated["pair_test.py"]
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "with the parameters of test case `test_pair1`" in finding["validation"]["evidence"]


def test_a_reuse_in_a_branch_its_line_skipped_is_not_refuted(validated: Validated) -> None:
    (finding,) = validated["same_pair_test.py"]
    assert finding["validation"]["status"] == "inconclusive", finding["validation"]
    assert "is in a branch its line can skip" in finding["validation"]["evidence"]


ACTIVATIONS = """\
    import jax
    from absl.testing import parameterized


    def make_activation():
        return jax.nn.relu


    ACTIVATIONS = [make_activation()]


    class ActivationTest(parameterized.TestCase):

        @parameterized.parameters(ACTIVATIONS)
        def test_activation(self, activation):
            key = jax.random.PRNGKey(0)
            x = jax.random.normal(key, (2,))
            y = jax.random.normal(key, (2,))
            self.assertEqual(activation(x + y).shape, (2,))
    """


def test_a_skipped_assignment_that_a_definition_reads_runs_before_it(validated: Validated) -> None:
    # `ACTIVATIONS = [make_activation()]` calls the module's own code, so it is not run on its
    # own; the class's decorator reads it, so it runs before the class.
    (finding,) = validated["act_test.py"]
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "test case `test_activation0`" in finding["validation"]["evidence"]



SET_UP = """\
    import unittest

    import jax


    class DrawTest(unittest.TestCase):

        def setUp(self):
            super().setUp()
            self.key = jax.random.PRNGKey(0)

        def test_draws(self):
            x = jax.random.normal(self.key, (3,))
            y = jax.random.normal(self.key, (3,))
            self.assertEqual((x + y).shape, (3,))
    """


def test_a_test_case_method_runs_after_its_set_up(validated: Validated) -> None:
    # the key the test reads from `self` is made in `setUp`, which a test runner calls first
    (finding,) = validated["key_test.py"]
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "by `_normal` at line 13 and the same key again by `_normal` at line 14" in finding["validation"]["evidence"]


SEEDED = """\
    import jax


    class Seeded:
        def __init__(self, seed):
            self.seed = seed

        @property
        def key(self):
            return jax.random.PRNGKey(self.seed)


    def draws():
        source = Seeded(0)
        x = jax.random.normal(source.key, (3,))
        y = jax.random.normal(source.key, (3,))
        return x, y
    """


def test_a_key_made_again_from_the_same_seed_between_two_uses_is_confirmed(validated: Validated) -> None:
    # `source.key` makes `PRNGKey(0)` anew on each read: the ledger saw a fresh key, yet both
    # draws get the same bits; this was refuted ("not consumed before")
    (finding,) = validated["seeded.py"]
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "at line 15 and the same bits, from a key made anew the same way, again by `_normal` at line 16" in (
        finding["validation"]["evidence"]
    )


STREAMS = """\
    import jax


    class Streams:
        def __init__(self, key):
            self.base = key

        @property
        def dropout(self):
            return jax.random.fold_in(self.base, 1)


    def draws(key):
        streams = Streams(key)
        x = jax.random.bernoulli(streams.dropout, 0.5, (3,))
        y = jax.random.bernoulli(streams.dropout, 0.5, (3,))
        return x, y
    """


def test_a_key_made_again_by_fold_in_from_the_same_key_between_two_uses_is_confirmed(validated: Validated) -> None:
    # flax derives a stream's keys by `fold_in`, which consumes nothing: `init` and `apply` given
    # one key draw the same dropout bits
    (finding,) = validated["streams.py"]
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "at line 15 and the same bits, from a key made anew the same way, again by `_bernoulli` at line 16" in (
        finding["validation"]["evidence"]
    )


EARLIER = """\
    import jax


    def draws(mask: bool = False):
        key = jax.random.PRNGKey(0)
        x = jax.random.normal(key, (2,))
        if mask:
            x = x * jax.random.bernoulli(key, 0.5, (2,))
        y = jax.random.normal(key, (2,))
        return x + y
    """


def test_each_reuse_is_confirmed_by_the_same_run(validated: Validated) -> None:
    # JAX's checker stopped the run with `mask=True` at line 8, so line 9 needed another argument
    # set; every reuse is recorded now and the run goes on to line 9.
    verdicts = {f["line"]: f["validation"] for f in validated["earlier.py"]}
    assert {line: v["status"] for line, v in verdicts.items()} == {8: "confirmed", 9: "confirmed"}, verdicts
    assert "(True)" in verdicts[8]["evidence"] and "at line 6 and the same key again by `_bernoulli` at line 8" in verdicts[8]["evidence"]
    assert "(True)" in verdicts[9]["evidence"] and "the same key again by `_normal` at line 9" in verdicts[9]["evidence"]


TABLES = """\
    import jax


    def tables():
        keys = jax.random.split(jax.random.PRNGKey(0), 2)
        first = jax.random.uniform(keys[0], (2,))
        pair = dict(
            a=jax.random.uniform(keys[0], (2,)),
            b=jax.random.uniform(keys[1], (2,)) + jax.random.normal(keys[1], (2,)),
        )
        return first, pair
    """


def test_a_reuse_at_another_line_of_the_same_statement_leaves_the_lines_own_reuse_seen(validated: Validated) -> None:
    # Lines 8 and 9 are one statement: JAX's checker stopped it at line 8's reuse, and line 9's
    # had no verdict; recorded, each line's reuse is its own.
    verdicts = {f["line"]: f["validation"] for f in validated["tables.py"]}
    assert {line: v["status"] for line, v in verdicts.items()} == {8: "confirmed", 9: "confirmed"}, verdicts
    assert "by `_uniform` at line 6 and the same key again by `_uniform` at line 8" in verdicts[8]["evidence"]
    assert "by `_uniform` at line 9 and the same key again by `_normal` at line 9" in verdicts[9]["evidence"]


# Single-file projects, validated together: each `jaxcheck validate` starts worker processes
# that import jax (seconds each), so these tests share one run (the test files among them
# report their key findings as `info`: --show-info).
SHARED = {
    "keys_model.py": KEYS, "layers_model.py": LAYERS, "loop.py": GENERATORS, "replicate.py": PMAP,
    "branches.py": UNREACHED, "data.py": DATA, "layers.py": DROPOUT, "init.py": INIT, "seeded.py": SEEDED,
    "streams.py": STREAMS, "earlier.py": EARLIER, "tables.py": TABLES,
    "pair_test.py": PARAMETERIZED.format(cases="[True, False]"), "same_pair_test.py": PARAMETERIZED.format(cases="[True]"),
    "act_test.py": ACTIVATIONS, "key_test.py": SET_UP, "default_key.py": DEFAULT_KEY,
}
Validated = dict[str, list[dict]]


@pytest.fixture(scope="module")
def validated(tmp_path_factory: pytest.TempPathFactory) -> Validated:
    """The findings of one validation of every file of ``SHARED``, by file."""
    root = tmp_path_factory.mktemp("shared")
    write_tree(root, SHARED)
    found: Validated = {name: [] for name in SHARED}
    for finding in validate_json(root, "--show-info", *SHARED):
        found[finding["path"]].append(finding)
    return found


def test_a_jit_made_anew_that_no_call_compiled_is_not_refuted() -> None:
    # harmonic's `make_training_loop` jits a new `train_step` and returns it: an experiment that
    # runs the factory three times builds it three times and compiles nothing
    outcome = judge({"target_name": "train_step", "flag_line": 40, "code": "JAX402"}, Counter(), 3, "3 calls of `make_training_loop`", 3)
    assert outcome.status == "inconclusive" and "never called" in outcome.evidence
    reused = judge({"target_name": "train_step", "flag_line": 40, "code": "JAX402"}, Counter({"jit(train_step)": 1}), 3, "3 calls", 3)
    assert reused.status == "refuted"
