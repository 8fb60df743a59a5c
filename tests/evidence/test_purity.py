"""The purity hazards are real: in a jitted body, side effects run once, at trace time, and host
values are frozen into the compiled program. Each bad example is called three times on jax (CPU);
its good counterpart shows the effect on every call."""

from __future__ import annotations

import logging

import jax
import pytest

from .conftest import load_example

CALLS = 3


def _print_lines(capsys, text: str) -> int:
    return sum(text in line for line in capsys.readouterr().out.splitlines())


def test_jax101_print_runs_once_over_three_calls(capsys):
    load_example("purity/jax101_print_in_jit_bad.py").run(CALLS)
    assert _print_lines(capsys, "step called with") == 1


def test_jax101_debug_print_runs_every_call(capsys):
    load_example("purity/jax101_print_in_jit_good.py").run(CALLS)
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if "step called with" in line] == [
        "step called with 0.0", "step called with 1.0", "step called with 2.0"
    ]


def _log_records(caplog, module, message: str) -> int:
    return sum(r.name == module.__name__ and message in r.getMessage() for r in caplog.records)


def test_jax102_logger_writes_one_record_over_three_calls(caplog):
    caplog.set_level(logging.INFO)
    module = load_example("purity/jax102_host_io_in_jit_bad.py")
    module.run(CALLS)
    assert _log_records(caplog, module, "training step") == 1


def test_jax102_callback_logs_every_call(caplog):
    caplog.set_level(logging.INFO)
    module = load_example("purity/jax102_host_io_in_jit_good.py")
    module.run(CALLS)
    assert _log_records(caplog, module, "training step") == CALLS


def test_jax103_global_counter_counts_traces_not_calls():
    assert load_example("purity/jax103_global_rebind_in_jit_bad.py").run(CALLS) == 1
    assert load_example("purity/jax103_global_rebind_in_jit_good.py").run(CALLS) == CALLS


def test_jax104_outer_list_gets_one_leaked_tracer():
    history = load_example("purity/jax104_outer_container_mutation_in_jit_bad.py").run(CALLS)
    assert len(history) == 1
    assert isinstance(history[0], jax.core.Tracer)
    good = load_example("purity/jax104_outer_container_mutation_in_jit_good.py").run(CALLS)
    assert len(good) == CALLS and not any(isinstance(v, jax.core.Tracer) for v in good)


def test_jax104_leaked_tracer_raises_when_used():
    history = load_example("purity/jax104_outer_container_mutation_in_jit_bad.py").run(CALLS)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        history[0] + 1


def test_jax105_attribute_assigned_once_over_three_calls():
    assert load_example("purity/jax105_attribute_assignment_in_jit_bad.py").run(CALLS) == 1
    assert load_example("purity/jax105_attribute_assignment_in_jit_good.py").run(CALLS) == CALLS


def test_jax106_host_random_value_frozen_across_calls():
    values = load_example("purity/jax106_host_randomness_in_jit_bad.py").run(CALLS)
    assert len(set(values)) == 1
    good = load_example("purity/jax106_host_randomness_in_jit_good.py").run(CALLS)
    assert len(set(good)) == CALLS


def test_jax107_outer_iterator_advanced_once():
    module = load_example("purity/jax107_outer_iterator_in_jit_bad.py")
    assert module.run(CALLS) == [1.0, 1.0, 1.0]
    assert float(next(module.batches)) == 2.0  # moved by one item only
    assert load_example("purity/jax107_outer_iterator_in_jit_good.py").run(CALLS) == [1.0, 2.0, 3.0]


def test_jax108_rebound_global_is_not_seen_by_the_compiled_program():
    assert load_example("purity/jax108_stale_state_in_jit_bad.py").run() == (1.0, 1.0)
    assert load_example("purity/jax108_stale_state_in_jit_good.py").run() == (1.0, 2.0)


def test_grad_alone_is_not_cached():
    """Why purity rules stay silent under `grad` without jit: the body runs on every call."""
    calls = []

    def loss(x):
        calls.append(1)
        return x * x

    grad = jax.grad(loss)
    for _ in range(CALLS):
        grad(1.0)
    assert len(calls) == CALLS


def test_scan_body_defined_per_call_is_traced_every_call():
    """Why a `lax` body defined inside an untraced function is not reported: it is a new
    function on each call, so `lax.scan` traces it again and its side effects run each time."""
    seen = []

    def run(xs):
        def body(carry, x):
            seen.append(1)
            return carry + x, None

        return jax.lax.scan(body, 0.0, xs)

    for _ in range(CALLS):
        run(jax.numpy.arange(3.0))
    assert len(seen) == CALLS


def test_jax104_element_of_an_outer_dict_is_the_same_list():
    import jax.numpy as jnp

    history = {"loss": []}

    @jax.jit
    def step(x):
        history["loss"].append(x.sum())
        return x * 2

    for _ in range(CALLS):
        step(jnp.ones(3))
    assert len(history["loss"]) == 1 and isinstance(history["loss"][0], jax.core.Tracer)


def test_jax104_tracer_stored_from_a_scan_body_run_by_host_code_escapes():
    import jax.numpy as jnp

    class Logger:
        metrics: dict

    logger = Logger()
    logger.metrics = {}

    def train(n):
        def body(carry, _):
            logger.metrics["loss"] = jnp.mean(carry)
            return carry + 1.0, None

        return jax.lax.scan(body, jnp.zeros(3), None, length=n)

    train(5)
    assert isinstance(logger.metrics["loss"], jax.core.Tracer)
    with pytest.raises(jax.errors.ConcretizationTypeError):
        float(logger.metrics["loss"])
