"""The JAX5xx and JAX407 experiments on good code: a finding forced onto the fixed line of each
good example is refuted (no key reuse under `jax_debug_key_reuse`, different outputs for
different keys), so a confirmation on a bad example means the hazard, not the experiment."""

from __future__ import annotations

import pathlib

from jaxcheck.api import CheckResult
from jaxcheck.diagnostics import Diagnostic, FileResult
from jaxcheck.runtime import ValidateOptions, validate

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "prng"
OPTIONS = ValidateOptions(timeout=30, module_timeout=120)

# (good example, code, the line of the draw that the bad example reuses a key at)
FORCED = [
    ("jax501_key_reused_good.py", "JAX501", 10),
    ("jax502_key_parameter_overwritten_good.py", "JAX502", 7),
    ("jax503_key_reused_in_loop_good.py", "JAX503", 10),
    ("jax504_key_reused_after_split_good.py", "JAX504", 7),
]


def test_forced_key_findings_on_good_examples_are_refuted():
    files = [
        FileResult(str(EXAMPLES / name), [Diagnostic(str(EXAMPLES / name), line, 9, line, 20, code, "forced", "forced")])
        for name, code, line in FORCED
    ]
    result = validate(CheckResult(files, len(files)), OPTIONS)
    statuses = {(pathlib.Path(d.path).name, d.code): d.validation.status for d in result.diagnostics}
    assert statuses == {(name, code): "refuted" for name, code, _ in FORCED}, [
        d.validation.evidence for d in result.diagnostics
    ]
