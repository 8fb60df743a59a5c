"""A method called on the instance a field holds (`self.sampler.run(key, x)`, or the instance
called, `self.sampler(key, x)`, which runs its class's `__call__`) is the field's class's method:
the class its owner's body annotates the field with (`sampler: MetropolisHastings`, a dataclass or
flax struct field) or the one every assignment of it builds. Under a jitted caller its body is
traced (neural-pfaffian `VMC.step` runs `self.sampler(subkey, params, systems)`; before, the
sampler's body was taken for host code)."""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source

SOURCE = """
import dataclasses
import functools

import jax


@dataclasses.dataclass(frozen=True)
class Sampler:
    scale: float

    def run(self, key, x):
        print("run", x)
        return x * self.scale

    def __call__(self, key, x):
        print("call", x)
        return x * self.scale


@dataclasses.dataclass(frozen=True)
class VMC:
    sampler: Sampler

    @functools.partial(jax.jit, static_argnums=0)
    def step(self, key, x):
        return self.sampler.run(key, x)

    @functools.partial(jax.jit, static_argnums=0)
    def sample(self, key, x):
        return self.sampler(key, x)


class Built:
    def __init__(self):
        self.sampler = Sampler(2.0)

    def step(self, key, x):
        return self.sampler.run(key, x)


def main(x):
    return jax.jit(Built().step)(None, x)
"""


def findings(source: str) -> list[tuple[int, str, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    return sorted((d.line, d.code, d.message.split("called from traced ")[-1]) for d in result.diagnostics)


def test_methods_of_a_fields_instance_run_under_the_callers_trace() -> None:
    found = findings(SOURCE)
    assert [(line, code) for line, code, _ in found] == [(12, "JAX101"), (16, "JAX101")]
    assert "`VMC.sample`" in found[1][2]
    # The annotated field alone (no `Built`): `VMC.step` traces `Sampler.run`.
    annotated_only = SOURCE[: SOURCE.index("class Built")]
    assert [(line, code, where.split(")")[0]) for line, code, where in findings(annotated_only)] == [
        (12, "JAX101", "`VMC.step`"), (16, "JAX101", "`VMC.sample`"),
    ]


def test_a_field_of_unknown_class_is_not_followed() -> None:
    unknown = SOURCE.replace("    sampler: Sampler\n", "    sampler: object\n").replace("self.sampler = Sampler(2.0)", "self.sampler = make()")
    assert findings(unknown) == []


@pytest.mark.slow
def test_on_jax(capsys) -> None:
    pytest.importorskip("jax")
    namespace: dict[str, object] = {}
    exec(textwrap.dedent(SOURCE).lstrip("\n"), namespace)  # noqa: S102
    vmc = namespace["VMC"](namespace["Sampler"](2.0))
    for _ in range(3):
        vmc.step(None, 1.0)
        vmc.sample(None, 1.0)
    printed = capsys.readouterr().out.splitlines()
    # Each body ran once, at trace time, with a tracer (jax 0.10.2 prints `JitTracer(~float32[])`).
    assert len(printed) == 2 and all("Tracer" in line for line in printed)
