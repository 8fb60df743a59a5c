"""What reaches a traced position of a jitted function, or a static one, that jit cannot take:
a Python builtin (`sum`, `int`), a method bound to an object that is no pytree (`model.apply`
kept in a train state), a value another module's call passes from what this module built, and
the tracers lax control flow hands a jitted body at its static positions.

The analysis tests check small modules and projects with the real API; the jax tests run the
same code (measured in bench/measure_builtins_and_bound_methods.py and
bench/measure_jitted_lax_bodies_static.py, jax 0.10.2).
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source
from tests.analysis.test_crossmodule import findings as project_findings
from tests.analysis.test_crossmodule import messages, write


def findings(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    return sorted((d.line, d.code) for d in result.diagnostics)


BUILTINS = """
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=["n"])
def f(n, a):
    return a


def run(which):
    if which == "static":
        return f(n=(min, max), a=jnp.ones(2))  # a tuple of builtins hashes: fine static
    return f(
        n=10,
        a=(sum,),
    )
"""


def test_a_builtin_at_a_traced_position_is_reported_where_the_argument_is_written() -> None:
    assert findings(BUILTINS) == [(17, "JAX306")]


def test_a_builtin_class_or_function_alone_is_reported() -> None:
    source = """
        import jax

        @jax.jit
        def apply(x, fn):
            return x

        apply(1.0, print)
        apply(1.0, int)
    """
    assert findings(source) == [(7, "JAX306"), (8, "JAX306")]


def test_a_name_bound_in_the_module_is_no_builtin() -> None:
    source = """
        import jax

        sum = 3.0  # shadows the builtin: a Python float, traced

        @jax.jit
        def apply(x, scale):
            return x * scale

        apply(1.0, sum)
    """
    assert findings(source) == []


BOUND_METHODS = """
import equinox as eqx
import jax
import jax.numpy as jnp
from typing import Any, Callable, NamedTuple


class Model:
    def apply(self, x):
        return x


class Layer(eqx.Module):
    w: jax.Array

    def apply(self, x):
        return self.w * x


class State(NamedTuple):
    apply_fn: Callable
    params: Any


@jax.jit
def step(fn, x):
    return x


def run(which):
    if which == "plain":
        return step(Model().apply, jnp.ones(2))
    if which == "state":
        state = State(Model().apply, jnp.ones(2))
        return step(state.apply_fn, state.params)
    return step(Layer(jnp.ones(2)).apply, jnp.ones(2))  # an equinox module's method is a module
"""


def test_a_method_bound_to_a_plain_object_is_reported_and_an_equinox_modules_is_not() -> None:
    assert findings(BOUND_METHODS) == [(31, "JAX306"), (34, "JAX306")]


def test_another_modules_call_is_reported_from_what_this_module_built(tmp_path) -> None:
    # main builds the state and hands it to `generate`, whose call of the jitted step passes
    # the bound method at a traced position: reported where generate.py writes it.
    write(tmp_path, {
        "model.py": """
            from typing import Any, Callable, NamedTuple

            class Model:
                def apply(self, params, x):
                    return x

            class State(NamedTuple):
                apply_fn: Callable
                params: Any

            def make_state(params):
                return State(Model().apply, params)
        """,
        "generate.py": """
            import functools
            import jax

            @functools.partial(jax.jit, static_argnames=["temperature"])
            def generate_step(params, apply_fn, x, temperature=1.0):
                return apply_fn(params, x) / temperature

            def generate(state, x, steps):
                for _ in range(steps):
                    x = generate_step(state.params, state.apply_fn, x)
                return x
        """,
        "main.py": """
            import jax.numpy as jnp
            from generate import generate
            from model import make_state

            def run():
                return generate(make_state(jnp.ones(2)), jnp.ones(2), 3)
        """,
    })
    assert project_findings(tmp_path) == [("generate.py", 10, "JAX306")]
    assert any("bound method `apply` of a `Model`" in m for m in messages(tmp_path))


LAX_BODIES = """
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def scan_body(carry, idx):
    return carry + idx, 0


@functools.partial(jax.jit, static_argnums=0)
def fori_body(i, value):
    return value + i


@jax.jit
def plain_body(carry, x):
    return carry + x, 0


def run(which):
    if which == "scan":
        return jax.lax.scan(scan_body, 0.0, jnp.arange(3))
    if which == "fori":
        return jax.lax.fori_loop(0, 3, fori_body, 0)
    return jax.lax.scan(plain_body, 0.0, jnp.arange(3.0))
"""


def test_a_jitted_lax_body_with_static_positions_is_reported_at_the_body() -> None:
    assert findings(LAX_BODIES) == [(24, "JAX302"), (26, "JAX302")]
    messages_ = [d.message for d in check_source(textwrap.dedent(LAX_BODIES).lstrip("\n"), "case.py").diagnostics]
    assert "A traced array passed to `jax.lax.scan`, which passes it to a static position of jitted `scan_body`, cannot be hashed" in messages_


def _run(source: str, which: str) -> object:
    namespace: dict[str, object] = {}
    exec(textwrap.dedent(source).lstrip("\n"), namespace)  # noqa: S102
    return namespace["run"](which)  # type: ignore[operator]


@pytest.mark.slow
def test_on_jax() -> None:
    pytest.importorskip("jax")
    pytest.importorskip("equinox")
    _run(BUILTINS, "static")
    with pytest.raises(TypeError):
        _run(BUILTINS, "traced")
    for which in ("plain", "state"):
        with pytest.raises(TypeError):
            _run(BOUND_METHODS, which)
    _run(BOUND_METHODS, "equinox")
    for which in ("scan", "fori"):
        with pytest.raises(ValueError, match="Non-hashable static arguments"):
            _run(LAX_BODIES, which)
    _run(LAX_BODIES, "plain")


def test_a_function_kept_in_a_tuple_by_another_modules_object_is_followed(tmp_path) -> None:
    # Another module's host code runs with its arguments coarsened (one run per kind of value):
    # a tuple of functions and numbers keeps its items, so the function is still seen at the
    # traced position of the jitted call that module writes.
    write(tmp_path, {
        "sampling.py": """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def update(parameters, state):
                return state + parameters[1]

            class Sampler:
                def __init__(self, logpdf, step_size=0.1, num_steps=10):
                    self.parameters = (logpdf, step_size, num_steps)
                    self.state = jnp.zeros(3)

                def run(self):
                    return update(self.parameters, self.state)
        """,
        "main.py": """
            import jax.numpy as jnp
            from sampling import Sampler

            def logpdf(x):
                return -jnp.sum(x ** 2)

            def run():
                return Sampler(logpdf).run()
        """,
    })
    assert project_findings(tmp_path) == [("sampling.py", 14, "JAX306")]
    assert any("a `tuple` holding function `logpdf`" in m for m in messages(tmp_path))
