"""Which host functions run outside any trace for certain: those that read a JAX result back into
Python (`float`, `int`, `.item()`, `.tolist()`, `np.asarray` of a traced array raise under
`jax.jit`, measured on jax 0.10.2; `jax.device_get` of a tracer returns it)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxcheck.analysis import ModuleFacts
from jaxcheck.analysis.host.frequency import kept_beyond_iteration


def reads_back(source: str, name: str) -> bool:
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    (function,) = [f for f in facts.functions if f.name == name]
    return facts.frequency.reads_back(function)


@pytest.mark.parametrize("conversion", ["float(ys.sum())", "int(jnp.argmax(ys))", "ys.item()", "ys.tolist()", "np.asarray(ys)"])
def test_a_jax_result_read_back_into_python(conversion):
    source = f"""
        import jax
        import jax.numpy as jnp
        import numpy as np

        def rollout(xs):
            _, ys = jax.lax.scan(lambda c, x: (c, x), 0.0, xs)
            return {conversion}
    """
    assert reads_back(source, "rollout")


@pytest.mark.parametrize(
    "body",
    [
        "return int(ys.shape[0])",  # static metadata of a traced array is a Python value
        "return float(len(ys))",
        "return jax.device_get(ys)",  # returns the tracer under a trace
        "return float(n)",  # not a JAX result
        "return lambda: float(ys.sum())",  # runs where it is called
    ],
)
def test_what_stays_traceable(body):
    source = f"""
        import jax

        def rollout(xs, n):
            _, ys = jax.lax.scan(lambda c, x: (c, x), 0.0, xs)
            {body}
    """
    assert not reads_back(source, "rollout")


def kept(source: str, name: str) -> bool:
    tree = cst.parse_module(textwrap.dedent(source))
    loop = next(s for s in tree.body if isinstance(s, cst.FunctionDef)).body.body[-1]
    return kept_beyond_iteration(loop, name)


@pytest.mark.parametrize(
    "store",
    [
        "kept.append(NonlinearConstraint(fun=fun_jit))",  # a value built around it, appended
        "table[c] = fun_jit",
        "self.step = fun_jit",
        "return fun_jit",
    ],
)
def test_a_jitted_callable_kept_past_its_iteration(store):
    source = f"""
        def build(self, constraints, kept, table, x):
            for c in constraints:
                fun_jit = jax.jit(lambda p: p * c)
                fun_jit(x)  # warm start
                {store}
    """
    assert kept(source, "fun_jit")


@pytest.mark.parametrize("use", ["total = total + fun_jit(x)", "kept.append(fun_jit(x))", "log[c] = fun_jit(x)"])
def test_a_jitted_callable_only_called_in_its_iteration(use):
    source = f"""
        def run(constraints, kept, log, x, total):
            for c in constraints:
                fun_jit = jax.jit(lambda p: p * c)
                {use}
    """
    assert not kept(source, "fun_jit")


def test_a_function_stored_on_the_object_runs_on_each_call_of_the_method_reading_it():
    source = """
        class Renderer:
            def frame(self, scene):
                def shade(s):
                    return s
                self.shader = shade  # made on each frame, then run through the field
                return self.shader(scene)

            def reset(self):
                self.shader = None
    """
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    (shade,) = [f for f in facts.functions if f.name == "shade"]
    assert len(facts.frequency.call_sites(shade)) == 1
    assert facts.frequency.may_repeat(shade)  # `frame`, a method, is called many times


def may_repeat(source: str, name: str) -> bool:
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    (function,) = [f for f in facts.functions if f.name == name]
    return facts.frequency.may_repeat(function)


@pytest.mark.parametrize(
    ("caller", "repeats"),
    [
        # one branch of an `if`/`elif` chain per run of `load`: one call of `build` per run
        ("if mode == 'a':\n    s = build(p)\nelif mode == 'b':\n    s = build(p * 2)\nelse:\n    s = build(p + 1)", False),
        ("if mode == 'a':\n    if p:\n        s = build(p)\n    else:\n        s = build(-p)\nelse:\n    s = build(p * 2)", False),
        # both run in one run of `load`
        ("s = build(p)\nif mode == 'a':\n    s = build(p * 2)", True),
        ("if mode == 'a':\n    s = build(p)\nif mode == 'b':\n    s = build(p * 2)", True),
        # each pass of a loop may take either branch
        ("for mode in modes:\n    if mode == 'a':\n        s = build(p)\n    else:\n        s = build(p * 2)", True),
    ],
)
def test_calls_in_exclusive_branches_of_one_if_run_once_per_run(caller, repeats):
    body = textwrap.indent(caller, " " * 4)
    source = f"import jax\n\ndef build(p):\n    return p\n\ndef load(mode, modes, p):\n{body}\n    return s\n"
    assert may_repeat(source, "build") is repeats
