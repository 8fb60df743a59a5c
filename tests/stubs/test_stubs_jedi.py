"""jedi (the engine behind many editors' completion) on jitted functions, with and without stubs."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

jedi = pytest.importorskip("jedi", reason="the editor tests need jedi (the test extras)")

DATA = Path(__file__).parent / "data"
PROBES_FILE = DATA / "jedi_probes.py"
# Members of `jax.Array` and of the jit wrapper that tell the two apart in a completion list
# (both have a `trace`: the matrix trace and the jaxpr trace).
ARRAY_MEMBERS = {"shape", "dtype", "ndim", "reshape", "astype", "at", "sum"}
WRAPPER_MEMBERS = {"lower", "eval_shape", "clear_cache"}


@dataclass(frozen=True)
class Probe:
    kind: str  # "sig" or "comp"
    line: int
    column: int
    anchor: str
    expected: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.anchor}"


def read_probes() -> list[Probe]:
    probes = []
    for number, line in enumerate(PROBES_FILE.read_text(encoding="utf-8").splitlines(), 1):
        match = re.search(r"# (sig|comp): (.+?) -> (.+)$", line)
        if match:
            kind, anchor, expected = match.groups()
            probes.append(Probe(kind, number, line.index(anchor) + len(anchor), anchor, expected))
    return probes


PROBES = read_probes()


def _script(python: Path) -> jedi.Script:
    project = jedi.Project(path=PROBES_FILE.parent, environment_path=str(python.parent.parent))
    return jedi.Script(PROBES_FILE.read_text(encoding="utf-8"), path=PROBES_FILE, project=project)


def signatures(python: Path, probe: Probe) -> list[str]:
    return [signature.to_string() for signature in _script(python).get_signatures(probe.line, probe.column)]


def completions(python: Path, probe: Probe) -> set[str]:
    return {completion.name for completion in _script(python).complete(probe.line, probe.column)}


@pytest.mark.parametrize("probe", [p for p in PROBES if p.kind == "sig"], ids=str)
def test_signature_help_offers_only_the_real_parameters(stub_python: Path, probe: Probe) -> None:
    assert signatures(stub_python, probe) == [probe.expected]


@pytest.mark.parametrize("probe", [p for p in PROBES if p.kind == "comp"], ids=str)
def test_completion_offers_the_members_of_the_real_type(stub_python: Path, probe: Probe) -> None:
    offered = completions(stub_python, probe)
    if probe.expected == "Array":
        assert ARRAY_MEMBERS <= offered
        assert not WRAPPER_MEMBERS & offered
    else:
        assert WRAPPER_MEMBERS | {"trace"} <= offered


def _probe(anchor: str) -> Probe:
    return next(p for p in PROBES if p.anchor == anchor)


def test_without_stubs_signature_help_offers_the_wrapper(bare_python: Path) -> None:
    # jax types the jitted function as `JitWrapped(*args, **kwargs)`; jedi offers that too.
    assert sorted(signatures(bare_python, _probe("scale("))) == [
        "JitWrapped(*args, **kwargs)",
        "scale(x: Array, factor: float) -> Array",
    ]
    assert signatures(bare_python, _probe("power(")) == ["JitWrapped(*args, **kwargs)"]


def test_without_stubs_completion_offers_the_wrapper_not_the_array(bare_python: Path) -> None:
    offered = completions(bare_python, _probe("scale(x, 2.0)."))
    assert {"lower", "trace", "eval_shape"} <= offered
    assert not ARRAY_MEMBERS & offered
    assert completions(bare_python, _probe("power(x, 2).")) == set()
