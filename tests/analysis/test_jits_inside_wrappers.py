"""Jitted callables made anew and run inside a wrapper that caches nothing (`jax.vmap`,
`jax.grad`), and factories rebuilt under a test of what they store: what the analysis reports,
and, where jax is installed, the compile counts it rests on (bench/measure_jits_per_call.py,
jax 0.10.2). Each analysis test writes a small project to ``tmp_path`` and checks it with the
real API."""

from __future__ import annotations

import textwrap

import pytest

from test_crossmodule import findings, write

VMAP_OF_JIT = """
    from functools import partial
    import jax
    import jax.numpy as jnp

    class Reacher:
        def fingertip(self, q):
            return jnp.cos(q)

        def reset(self, qs):
            %s

    def run(env, qs):
        for _ in range(4):
            env.reset(qs)
"""

CALCULATOR = """
    import jax
    import jax.numpy as jnp

    ALL_CHANGES = ["positions", "cell"]

    class Calculator:
        def __init__(self):
            self.step = None

        def initialize(self, scale):
            @jax.jit
            def body_fn(x):
                return jnp.sin(x) * scale

            self.step = body_fn

        def calculate(self, x, changes):
            if self.step is None or "cell" in %s:
                self.initialize(2.0)
            return self.step(x)

    def run(x):
        calc = Calculator()
        for _ in range(4):
            calc.calculate(x, ["positions"])
"""


@pytest.mark.parametrize(
    "body",
    [
        "return jax.vmap(jax.jit(partial(self.fingertip)))(qs)",
        "batched = jax.vmap(jax.jit(partial(self.fingertip)))\n            return batched(qs)",
        "return jax.grad(jax.jit(lambda q: self.fingertip(q).sum()))(qs)",
    ],
)
def test_a_new_jit_run_inside_vmap_or_grad_compiles_on_every_call(tmp_path, body):
    write(tmp_path, {"main.py": VMAP_OF_JIT % body})
    assert [code for _, _, code in findings(tmp_path)] == ["JAX402"]


def test_a_new_jit_only_traced_by_make_jaxpr_never_compiles(tmp_path):
    write(tmp_path, {"main.py": VMAP_OF_JIT % "return jax.make_jaxpr(jax.jit(partial(self.fingertip)))(qs)"})
    assert findings(tmp_path) == []


def test_a_jit_of_a_module_function_inside_vmap_is_the_same_function_every_call(tmp_path):
    write(tmp_path, {"main.py": "def kin(q):\n    return q\n" + VMAP_OF_JIT % "return jax.vmap(jax.jit(kin))(qs)"})
    assert findings(tmp_path) == []


def test_a_factory_method_under_a_test_that_always_holds_is_rebuilt_every_call(tmp_path):
    write(tmp_path, {"main.py": CALCULATOR % "ALL_CHANGES"})
    # One finding, at the `@jax.jit` that builds `body_fn` anew, not a second at `self.step(x)`.
    assert findings(tmp_path) == [("main.py", 11, "JAX402")]


def test_a_factory_method_rebuilt_when_what_it_stores_went_stale_is_quiet(tmp_path):
    write(tmp_path, {"main.py": CALCULATOR % "changes"})
    assert findings(tmp_path) == []


def _compiles(jax, function_name, run, passes=3):
    from jaxcheck.runtime.compile_log import compile_log

    log = compile_log()
    mark = log.mark()
    for _ in range(passes):
        jax.block_until_ready(run())
    return log.count_of(log.since(mark), function_name)


def test_compile_counts_on_jax():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    from functools import partial

    class Env:
        def kin(self, q):
            return jnp.cos(q)

    env, qs = Env(), jnp.ones((4, 3))
    assert _compiles(jax, "kin", lambda: jax.vmap(jax.jit(partial(env.kin)))(qs)) == 3
    assert _compiles(jax, "kin", lambda: jax.make_jaxpr(jax.jit(partial(env.kin)))(qs)) == 0

    def kin_module(q):
        return jnp.sin(q)

    assert _compiles(jax, "kin_module", lambda: jax.vmap(jax.jit(kin_module))(qs)) == 1

    # The very sources the analysis tests above check, run on jax: 1 compile guarded, 3 not.
    x = jnp.ones(3)
    for test, compiles in (("changes", 1), ("ALL_CHANGES", 3)):
        namespace: dict = {}
        exec(textwrap.dedent(CALCULATOR % test), namespace)
        calc = namespace["Calculator"]()
        assert _compiles(jax, "body_fn", lambda: calc.calculate(x, ["positions"])) == compiles
