"""Every regression case still does on jax what its docstring says it did.

All cases run in two subprocesses (run_cases.py) side by side; each case is one test here that
compares the recorded ``Observed on jax 0.10.x:`` outcome with what happened:

- ``raises X``: run() raised X (or a subclass of it);
- ``NAME compiled N times``: run() raised nothing and jax compiled the function NAME N times;
- ``N of M calls``: run() raised nothing and returned N (how many calls showed the effect);
- ``runs``: run() raised nothing.

A case whose optional library (optax, flax) is not installed is skipped, saying which. Modules
in a band folder that do not follow the NNN_name.py format have no recorded outcome and are
scored by the linter bench only.

The compiler runs at its lowest optimisation level and without XLA's CPU fusion emitters here:
outcomes and compile counts do not depend on either, and the cases compile several hundred
functions, some of them long unrolled loops (measured on jax 0.10.2 over 60 cases drawn at
random: 23.2 s of CPU at the lowest level alone, 11.4 s without the emitters too, the same
outcome and compile count for every case).

These tests run last in a run, and the runners start as soon as the run's tests are collected
(see conftest.py beside this file): the cases run on jax while every other test runs in
pytest's own process, and the first test here waits for what is left.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from .corpus import Case, discover

pytest.importorskip("jax")

REPO = pathlib.Path(__file__).resolve().parents[2]
RUNNER = pathlib.Path(__file__).with_name("run_cases.py")
CASES = [case for case in discover() if case.observed is not None]
_PROCESSES = 2
_TIMEOUT_S = 900  # per runner process; a machine busy with other work takes several times as long as a quiet one


def selected_cases(session: pytest.Session) -> list[Case]:
    """The cases of this run's selected tests (all of them unless ``-k`` or ids narrow it)."""
    names = {
        item.callspec.params["case"].name
        for item in session.items
        if getattr(item, "originalname", None) == "test_case_outcome_holds_on_jax"
    }
    return [case for case in CASES if case.name in names]


def start_runners(cases: list[Case]) -> list[subprocess.Popen]:
    """Runner processes for ``cases``, started now, each with its share of them."""
    path = os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])
    xla_flags = " ".join([
        os.environ.get("XLA_FLAGS", ""), "--xla_backend_optimization_level=0", "--xla_cpu_use_fusion_emitters=false",
    ])
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONPATH=path, XLA_FLAGS=xla_flags.strip())
    chunks = [cases[i::_PROCESSES] for i in range(_PROCESSES)]
    return [
        subprocess.Popen(
            [sys.executable, str(RUNNER), *(str(c.path) for c in chunk)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO,
        )
        for chunk in chunks if chunk
    ]


def stop_runners(processes: list[subprocess.Popen]) -> None:
    """Ends the runners still running (a run stopped early, or one over its time)."""
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.communicate()


RUNNERS = pytest.StashKey[list[subprocess.Popen]]()


@pytest.fixture(scope="module")
def observed(request: pytest.FixtureRequest) -> dict[str, dict]:
    stash = request.session.stash
    processes = stash[RUNNERS] if RUNNERS in stash else start_runners(selected_cases(request.session))
    stash[RUNNERS] = []
    results: dict[str, dict] = {}
    try:
        for process in processes:
            out, err = process.communicate(timeout=_TIMEOUT_S)
            assert process.returncode == 0, f"the case runner failed:\n{err[-3000:]}"
            results.update(json.loads(out))
    finally:
        stop_runners(processes)
    return results


def _compiles_of(compiles: dict[str, int], function: str) -> int:
    return sum(n for name, n in compiles.items() if name.endswith(f"({function})"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case_outcome_holds_on_jax(case: Case, observed: dict[str, dict]) -> None:
    result = observed[str(case.path)]
    expected = case.outcome
    raised = result["raised"] or []
    if "ModuleNotFoundError" in raised and expected.raises != "ModuleNotFoundError":
        pytest.skip(f"optional library missing: {result['message']}")
    if expected.raises is not None:
        got = result["message"] or "no exception"
        assert expected.raises in raised, f"expected {expected.raises}, got {got}"
        return
    assert not raised, f"recorded '{case.observed}' but run() raised {result['message']}"
    for function, count in expected.compiles:
        actual = _compiles_of(result["compiles"], function)
        assert actual == count, f"{function} compiled {actual} times, recorded {count}: {result['compiles']}"
    if expected.effect is not None:
        returned = result["returned"]
        assert returned == expected.effect, f"run() returned {returned}, recorded {expected.effect}"
