"""A field of an object that is no pytree, which the analysis cannot follow to its value (the
object is built in another module, or by code it does not run), but which its class declares a
Python number (`num_live_points: int`): jit does not trace an object's fields, so the traced code
reads a Python number there, never None. jaxns `resample_indicies(key, w, S=...)`: its
`if S is None: S = int(<traced>)` branch never runs when the traced caller passes
`S=self.num_live_points` (a false JAX202 before).
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source

SOURCE = """
import dataclasses

import jax
import jax.numpy as jnp


def resample(log_weights, S=None):
    if S is None:
        S = int(jnp.exp(jax.nn.logsumexp(log_weights)))
    return jnp.argsort(log_weights)[:S]


@dataclasses.dataclass(eq=False)
class Sampler:
    num_live_points: int
    ratio: "float"
    fallback: float = None

    def by_count(self, w):
        return jax.jit(lambda v: resample(v, S=self.num_live_points))(w)

    def by_ratio(self, w):
        return jax.jit(lambda v: resample(v, S=self.ratio))(w)

    def by_fallback(self, w):
        return jax.jit(lambda v: resample(v, S=self.fallback))(w)


def run(method):
    return getattr(Sampler(3, 0.5), method)(jnp.arange(5.0))
"""


def findings(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    return sorted((d.line, d.code) for d in result.diagnostics if d.code.startswith("JAX2"))


def test_declared_number_is_not_none() -> None:
    # The string annotation (not read) and the field whose default is None reach `int()`.
    assert findings(SOURCE) == [(9, "JAX202")]
    one_method = SOURCE.replace("S=self.ratio", "S=self.num_live_points").replace("S=self.fallback", "S=self.num_live_points")
    assert findings(one_method) == []


@pytest.mark.slow
def test_on_jax() -> None:
    jax = pytest.importorskip("jax")
    namespace: dict[str, object] = {}
    exec(textwrap.dedent(SOURCE).lstrip("\n"), namespace)  # noqa: S102
    assert namespace["run"]("by_count").shape == (3,)  # a Python int reaches the slice
    with pytest.raises(jax.errors.ConcretizationTypeError):
        namespace["run"]("by_fallback")  # None: `int()` of a tracer
