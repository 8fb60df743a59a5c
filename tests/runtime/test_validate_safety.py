"""User code that hangs, raises, exits or eats memory gives an inconclusive finding within its
time limit, and the run goes on: the healthy finding after each one is still confirmed."""

from __future__ import annotations

import importlib.util
import shutil
import time

import pytest

from jaxcheck.api import check_paths
from jaxcheck.config import Config
from jaxcheck.runtime import ValidateOptions, validate

TIMEOUT = 3.0
_GPU_PLUGINS = ("jax_cuda12_plugin", "jax_cuda13_plugin", "jax_rocm7_plugin")

MODULE = '''
import os
import signal
import sys
import time

import jax
import numpy as np


@jax.jit
def hangs(x: jax.Array):
    print("tracing")
    while True:
        pass


@jax.jit
def ignores_the_alarm(x: jax.Array):
    print("tracing")
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    time.sleep(600)


@jax.jit
def raises(x: jax.Array):
    print("tracing")
    raise RuntimeError("boom")


@jax.jit
def exits(x: jax.Array):
    print("tracing")
    sys.exit(3)


@jax.jit
def ends_the_process(x: jax.Array):
    print("tracing")
    os._exit(7)


@jax.jit
def allocates_too_much(x: jax.Array):
    print("tracing")
    return x + np.ones((1 << 31,), dtype=np.float32).sum()  # 8 GiB, over the 2 GiB cap


@jax.jit
def healthy(x: jax.Array):
    print("tracing")
    return x * 2
'''

EXPECTED = {
    "hangs": f"timed out: the experiment ran past its {TIMEOUT:g} s limit (--timeout) while running `hangs` with synthesized arguments (float32[3]) at unsafe.py:",
    "ignores_the_alarm": "did not respond to the alarm",
    "raises": "RuntimeError: boom",
    "exits": "sys.exit(3)",
    "ends_the_process": "exit status 7",
    "allocates_too_much": "ran out of memory",
}


@pytest.fixture(scope="module")
def outcome(tmp_path_factory):
    path = tmp_path_factory.mktemp("safety") / "unsafe.py"
    path.write_text(MODULE)
    started = time.monotonic()
    result = validate(check_paths([path], Config()), ValidateOptions(timeout=TIMEOUT, module_timeout=60, memory_mb=2048, jobs=1))
    lines = MODULE.splitlines()
    by_function = {}
    for diagnostic in result.diagnostics:
        header = next(text for text in reversed(lines[: diagnostic.line]) if text.startswith("def "))
        by_function[header[4:].split("(")[0]] = diagnostic.validation
    return by_function, time.monotonic() - started


@pytest.mark.parametrize("function", EXPECTED)
def test_bad_user_code_is_inconclusive(function, outcome):
    validations, _ = outcome
    validation = validations[function]
    assert validation.status == "inconclusive", validation
    assert EXPECTED[function] in validation.evidence, validation.evidence


def test_the_run_goes_on(outcome):
    validations, elapsed = outcome
    assert validations["healthy"].status == "confirmed", validations["healthy"]
    # two timeouts (one plus the grace before the kill) and three worker restarts
    assert elapsed < 40, elapsed


def test_missing_device_makes_every_finding_inconclusive(tmp_path):
    if shutil.which("nvidia-smi") or any(importlib.util.find_spec(p) for p in _GPU_PLUGINS):
        pytest.skip("this machine may have a GPU")
    path = tmp_path / "step.py"
    path.write_text("import jax\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n")
    result = validate(check_paths([path], Config()), ValidateOptions(device="gpu", timeout=TIMEOUT))
    (diagnostic,) = result.diagnostics
    assert diagnostic.validation.status == "inconclusive"
    assert "no gpu device is available" in diagnostic.validation.evidence
    assert result.exit_code == 1  # the finding stays


FLAGGED = "import jax\n\n\n@jax.jit\ndef step(x: jax.Array):\n    print(x)\n    return x\n\n\n"


def test_module_level_work_is_not_run(tmp_path):
    """A script's loop, `os._exit` or `sys.exit` at module level is not run: `step` is validated."""
    (tmp_path / "hangs_on_import.py").write_text(FLAGGED + "while True:\n    pass\n")
    (tmp_path / "ends_on_import.py").write_text(FLAGGED + "import os\nos._exit(5)\n")
    (tmp_path / "exits_on_import.py").write_text(FLAGGED + "import sys\nsys.exit(2)\n")
    (tmp_path / "simulates_on_import.py").write_text(FLAGGED + "def simulate(n):\n    while True:\n        pass\n\n\nresult = simulate(50_000)\n")
    options = ValidateOptions(timeout=TIMEOUT, module_timeout=30)
    result = validate(check_paths(sorted(tmp_path.glob("*.py")), Config()), options)
    by_file = {d.path.rsplit("/", 1)[-1]: d.validation for d in result.diagnostics}
    assert len(by_file) == 4
    for name, validation in by_file.items():
        assert validation.status == "confirmed", (name, validation)


def test_a_module_level_finding_runs_its_statement_under_the_timeout(tmp_path):
    (tmp_path / "loop.py").write_text("import jax\n\nwhile True:\n    jax.jit(lambda x: x + 1)(1.0)\n")
    options = ValidateOptions(timeout=TIMEOUT, module_timeout=TIMEOUT)
    result = validate(check_paths([tmp_path / "loop.py"], Config()), options)
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "JAX401"
    assert diagnostic.validation.status == "inconclusive"
    assert f"importing the module took longer than {TIMEOUT:g} s" in diagnostic.validation.evidence
