"""The jaxpr audit of what a real run compiled (`jaxcheck run`, `pytest --jaxcheck`): legacy
PRNG keys followed through the program, which JAX's own key-reuse checker ignores; constants
captured at trace time; unrolled loops; a scalar argument's type changing between traces. Real
jax, CPU."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]
_LOAD_PLUGIN = ("-p", "no:jaxcheck", "-p", "jaxcheck.runtime.pytest_plugin")

SAMPLING = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    @jax.jit
    def noisy(key, x):
        a = jax.random.normal(key, x.shape)
        b = jax.random.normal(key, x.shape)
        return x + a + b


    @jax.jit
    def split_first(key, x):
        k1, k2 = jax.random.split(key)
        return x + jax.random.normal(k1, x.shape) + jax.random.normal(k2, x.shape)


    @jax.jit
    def fold_in_per_step(key, steps):
        def body(total, i):
            return total + jax.random.normal(jax.random.fold_in(key, i)), None
        return jax.lax.scan(body, 0.0, steps)[0]


    @jax.jit
    def carry_split(key, xs):
        def body(carry, x):
            carry, sub = jax.random.split(carry)
            return carry, x + jax.random.normal(sub)
        return jax.lax.scan(body, key, xs)[1]


    @jax.jit
    def carry_drawn_then_split(key, xs):
        def body(carry, x):
            carry, sub = jax.random.split(carry)
            return carry, x + jax.random.normal(carry)  # draws from the key the next step splits
        return jax.lax.scan(body, key, xs)[1]


    @jax.jit
    def one_branch(flag, key):
        return jax.lax.cond(flag, lambda k: jax.random.normal(k), lambda k: jax.random.uniform(k), key)


    @jax.jit
    def library_draws(key):
        # poisson and binomial consume their key twice inside (two algorithms, one selected)
        return jax.random.poisson(key, 3.0, (3,)) + jax.random.binomial(jax.random.fold_in(key, 1), 5, 0.3, (3,))


    @jax.jit
    def same_noise_every_step(key, xs):
        def body(total, x):
            return total + x * jax.random.normal(key), None
        return jax.lax.scan(body, 0.0, xs)[0]
    """
)
CALLS = textwrap.dedent(
    """\
    key = jax.random.PRNGKey(0)
    x = jnp.ones(3)
    noisy(key, x)
    split_first(key, x)
    fold_in_per_step(key, jnp.arange(4))
    carry_split(key, x)
    carry_drawn_then_split(key, x)
    one_branch(True, key)
    library_draws(key)
    same_noise_every_step(key, x)
    """
)
HOST_STATE = textwrap.dedent(
    """\
    import time

    import jax
    import jax.numpy as jnp

    TABLE = jnp.ones((600, 600))
    STARTED = time.time()


    @jax.jit
    def lookup(x):
        return x + TABLE[0, :3] + STARTED


    @jax.jit
    def deep(x):
        for _ in range(20):
            x = jnp.sin(x)
        return x


    @jax.jit
    def scaled(x, factor):
        return x * factor


    lookup(jnp.ones(3))
    deep(jnp.ones(3))
    scaled(jnp.ones(3), 0.5)
    scaled(jnp.ones(3), 2)
    scaled(jnp.ones(3), 0.25)  # no new type: no new compile
    """
)


def _environment(tmp_path: pathlib.Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}", "JAX_PLATFORMS": "cpu"}


def _run(tmp_path: pathlib.Path, *arguments: str) -> tuple[subprocess.CompletedProcess, dict]:
    report = tmp_path / "report.json"
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", "--format", "json", "--report", str(report), *arguments],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert report.exists(), completed.stderr
    return completed, json.loads(report.read_text())


def _key_reuses(report: dict) -> dict[str, dict]:
    return {f["function"]: f for f in report["audit"] if f["kind"] == "key-reuse"}


def test_run_confirms_legacy_key_reuse_that_jax_checker_misses(tmp_path: pathlib.Path) -> None:
    (tmp_path / "sample.py").write_text(SAMPLING + "\n\n" + CALLS)
    completed, report = _run(tmp_path, "--check-key-reuse", "sample.py")
    # jax_debug_key_reuse was on for the whole program and raised nothing: legacy keys are not tracked
    assert completed.returncode == 0, completed.stderr
    assert report["error"] is None
    reuses = _key_reuses(report)
    # the clean look-alikes (split first, fold_in per step, a carried split, one branch of two,
    # jax's own draws that use a key twice inside one call) are not reported
    assert set(reuses) == {"noisy", "same_noise_every_step", "carry_drawn_then_split"}
    # the scan body draws from the key it hands back and splits it in the next step
    # (the audit places both uses at the `scan` call, as it does the other scan bodies' uses)
    message = reuses["carry_drawn_then_split"]["message"]
    assert "by `random_bits`" in message and "by `random_split`" in message, message
    assert reuses["noisy"]["lines"] == [7, 8] and "legacy" in reuses["noisy"]["message"]
    assert reuses["noisy"]["found_by"] == "jaxpr audit"
    assert "every iteration of a `scan` of 3 steps" in reuses["same_noise_every_step"]["message"]
    # the static JAX501 at the second draw is confirmed by the audit, not by JAX's checker
    (finding,) = [d for d in report["diagnostics"] if d["code"] == "JAX501" and d["line"] == 8]
    assert finding["validation"]["status"] == "confirmed"
    assert "inside the compiled program of `noisy` (read by the jaxpr audit)" in finding["validation"]["evidence"]
    # observing the traces changed no compile count, and JAX still names the program's lines as call sites
    reasons = [reason for row in report["compilations"] for reason in row["reasons"]]
    assert reasons and all("(called at sample.py:" in reason for reason in reasons), reasons
    assert {row["function"]: row["compiles"] for row in report["compilations"]} == {
        "noisy": 1, "split_first": 1, "fold_in_per_step": 1, "carry_split": 1, "carry_drawn_then_split": 1, "one_branch": 1, "library_draws": 1,
        "same_noise_every_step": 1,
    }


def test_run_text_report_labels_the_audit(tmp_path: pathlib.Path) -> None:
    (tmp_path / "sample.py").write_text(SAMPLING + "\n\n" + CALLS)
    completed = subprocess.run(
        [sys.executable, "-m", "jaxcheck", "run", "sample.py"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert completed.returncode == 0, completed.stderr
    assert "found by the jaxpr audit of the compiled programs (not by the static analysis): 3" in completed.stderr
    assert "sample.py:8: PRNG key consumed twice in `noisy`: by `random_bits` at line 7 and by `random_bits` at line 8" in completed.stderr


def test_run_audit_reports_host_constants_unrolled_loops_and_weak_arguments(tmp_path: pathlib.Path) -> None:
    (tmp_path / "host.py").write_text(HOST_STATE)
    completed, report = _run(tmp_path, "host.py")
    assert completed.returncode == 0, completed.stderr
    found = {(f["kind"], f["function"]): f for f in report["audit"]}
    assert "float32[600, 600] constant (1.4 MiB)" in found[("large-constant", "lookup")]["message"]
    assert found[("large-constant", "lookup")]["line"] == 12
    assert "clock reading" in found[("clock-constant", "lookup")]["message"]
    assert found[("unrolled-loop", "deep")]["line"] == 18
    assert "staged `sin` 20 times" in found[("unrolled-loop", "deep")]["message"]
    drift = found[("weak-type-drift", "scaled")]["message"]
    assert "`factor` as a weakly typed float32 (a Python scalar) and as a weakly typed int32" in drift
    assert {row["function"]: row["compiles"] for row in report["compilations"]}["scaled"] == 2
    assert not [f for f in report["audit"] if f["kind"] == "key-reuse"]


def test_pytest_plugin_confirms_legacy_key_reuse_by_the_audit(tmp_path: pathlib.Path) -> None:
    (tmp_path / "sampling.py").write_text(SAMPLING)
    (tmp_path / "test_sampling.py").write_text(textwrap.dedent(
        """\
        import jax
        import jax.numpy as jnp

        from sampling import noisy, split_first


        def test_noisy():
            jax.config.update("jax_debug_key_reuse", True)  # JAX's own checker: silent on legacy keys
            try:
                assert noisy(jax.random.PRNGKey(0), jnp.ones(3)).shape == (3,)
            finally:
                jax.config.update("jax_debug_key_reuse", False)


        def test_split_first():
            assert split_first(jax.random.PRNGKey(0), jnp.ones(3)).shape == (3,)
        """
    ))
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", "--jaxcheck",
         "--jaxcheck-json", "report.json"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "sampling.py:8: PRNG key consumed twice in `noisy`" in completed.stdout
    assert "[found by the jaxpr audit]" in completed.stdout
    report = json.loads((tmp_path / "report.json").read_text())
    tests = {t["test"]: t for t in report["tests"]}
    assert [f["kind"] for f in tests["test_sampling.py::test_noisy"]["audit"]] == ["key-reuse"]
    assert tests["test_sampling.py::test_split_first"]["audit"] == []
    (finding,) = [d for d in report["findings_in_files_that_ran"] if d["code"] == "JAX501" and d["line"] == 8]
    assert finding["validation"]["status"] == "confirmed"
    assert "jaxpr audit" in finding["validation"]["evidence"]


EAGER_LOOPS = {
    "proposals.py": """\
        import jax


        def propose(key, shapes):
            return {name: jax.random.normal(key, shape) for name, shape in shapes.items()}
        """,
    "sampler.py": """\
        import jax

        from proposals import propose


        def run(key, steps):
            def step(position, key):
                draws = propose(key, {"mean": (2,), "std": ()})
                return position + draws["mean"].sum() + draws["std"], position

            _, trace = jax.lax.scan(step, 0.0, jax.random.split(key, steps))
            return trace


        def run_split(key, steps):
            def step(position, key):
                mean_key, std_key = jax.random.split(key)
                return position + jax.random.normal(mean_key, (2,)).sum() + jax.random.normal(std_key), position

            _, trace = jax.lax.scan(step, 0.0, jax.random.split(key, steps))
            return trace


        def twice(key):
            first = jax.random.normal(key)
            second = jax.lax.cond(first > 0, lambda k: jax.random.normal(k), lambda k: jax.random.uniform(k), key)
            return first + second
        """,
}


def test_pytest_plugin_audits_a_scan_run_outside_jit(tmp_path: pathlib.Path) -> None:
    # A `lax.scan` run outside any jit compiles as JAX's own `jit(scan)` program (sbijax's MCMC
    # loop: a jitted step scanned eagerly, whose proposal, in another module, draws every
    # variable from one legacy key): the audit reads that program too, and its reuse in the
    # helper module confirms the finding there. JAX's own checker sees nothing (legacy keys).
    for name, text in EAGER_LOOPS.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    (tmp_path / "test_sampler.py").write_text(textwrap.dedent(
        """\
        import jax

        from sampler import run, run_split, twice


        def test_run():
            assert run(jax.random.PRNGKey(0), 3).shape == (3,)


        def test_run_split():
            assert run_split(jax.random.PRNGKey(0), 3).shape == (3,)


        def test_twice():
            assert twice(jax.random.PRNGKey(0)).shape == ()
        """
    ))
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *_LOAD_PLUGIN, "-q", "-p", "no:cacheprovider", "--jaxcheck",
         "--jaxcheck-json", "report.json"],
        cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    tests = {t["test"]: t for t in report["tests"]}
    (reuse,) = tests["test_sampler.py::test_run"]["audit"]
    assert reuse["function"] == "jit(scan)" and reuse["line"] == 8, reuse
    assert "(in a function it calls, proposals.py:5)" in reuse["message"], reuse
    assert tests["test_sampler.py::test_run_split"]["audit"] == []  # the clean look-alike
    verdicts = {(pathlib.Path(d["path"]).name, d["line"], d["code"]): d["validation"] for d in report["findings_in_files_that_ran"]}
    assert verdicts[("proposals.py", 5, "JAX503")]["status"] == "confirmed", verdicts
    assert "jaxpr audit" in verdicts[("proposals.py", 5, "JAX503")]["evidence"]
    assert verdicts[("sampler.py", 26, "JAX501")]["status"] == "confirmed", verdicts


def test_a_key_consumed_once_in_an_eager_control_flow_program_refutes_nothing(tmp_path: pathlib.Path) -> None:
    # `twice` consumes its key eagerly, then once more inside a `lax.cond` run outside jit: the
    # `jit(cond)` program alone consumes it once, which must not read as "consumed once" (the
    # audit of a whole jitted function may refute; a part of a function's work may not)
    for name, text in EAGER_LOOPS.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    script = textwrap.dedent(
        """\
        import jax
        from jaxcheck.runtime.instrument import outside_installation
        from jaxcheck.runtime.observed_calls import ObservedCalls
        from sampler import twice

        observed = ObservedCalls(outside_installation)
        observed.start()
        twice(jax.random.PRNGKey(0))
        observed.stop()
        print([(a.function, sorted(a.consumed_at), len(a.findings)) for a in observed.audits()])
        """
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, env=_environment(tmp_path), capture_output=True, text=True, timeout=180,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "[('jit(cond)', [], 0)]", completed.stdout
