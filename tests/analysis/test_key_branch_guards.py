"""A function that consumes a key only in a branch another of its parameters selects (`if argmax:
actions = mean` / `else: ... normal(seed, ...)`; `if deterministic: return mean` before the
draw) consumes nothing at a call passing a constant that leads the test the other way
(``keys.guards``, ``Summary.consumed_only_if``).

Measured on jax 0.10.2 (bench/measure_branch_selected_keys.py): after a draw, `sample_actions(...,
seed=key, argmax=True)` raises no `KeyReuseError` under `jax_debug_key_reuse` and its output does
not depend on the key; with `argmax=False` it raises; so does nothing after `act(m, k,
deterministic=True)`.
"""

from __future__ import annotations

import libcst as cst

from jaxcheck.analysis.facts import ModuleFacts
from jaxcheck.analysis.keys.guards import parameter_guards
from tests.analysis.test_key_flow import key_findings

SAMPLER = """
    import functools

    import jax
    import jax.numpy as jnp


    @functools.partial(jax.jit, static_argnames=("argmax",))
    def sample_actions(mean, *, seed, argmax=False):
        if argmax:
            actions = mean
        else:
            actions = mean + jax.random.normal(seed, mean.shape)
        return jnp.clip(actions, -1, 1)


    def act(mean, key, deterministic=False):
        if deterministic:
            return mean
        return mean + jax.random.normal(key, mean.shape)


    def run(mean, key):
        a = sample_actions(mean, seed=key)
        b = sample_actions(mean, seed=key, argmax=True)
        c = act(mean, key, deterministic=True)
        return a, b, c
"""


def test_a_constant_leading_away_from_the_draw_consumes_nothing(tmp_path):
    assert key_findings(tmp_path, {"main.py": SAMPLER}) == []


def test_the_default_leading_to_the_draw_still_consumes(tmp_path):
    again = SAMPLER.replace("b = sample_actions(mean, seed=key, argmax=True)", "b = sample_actions(mean, seed=key)")
    assert key_findings(tmp_path, {"main.py": again}) == [("main.py", 24, "JAX501")]


def test_a_value_not_known_leaves_the_consumption(tmp_path):
    unknown = SAMPLER.replace("def run(mean, key):", "def run(mean, key, greedy):").replace("argmax=True", "argmax=greedy")
    assert key_findings(tmp_path, {"main.py": unknown}) == [("main.py", 24, "JAX501")]


def test_the_guards_of_each_call_are_the_tests_of_parameters_around_it():
    source = """
import jax

def f(key, mode, flag, other):
    if mode == "eval":
        return 0
    if not flag:
        a = jax.random.normal(key)
    if other is None:
        other = 1
    return jax.random.uniform(key)
"""
    facts = ModuleFacts(cst.parse_module(source), (), None, source)
    (function,) = facts.functions
    guards = {facts.module.code_for_node(call): sorted(g) for call, g in parameter_guards(function).items()}
    assert guards["jax.random.normal(key)"] == [("flag", "truth", None, False), ("mode", "equals", "eval", False)]
    # `other` is rebound in the body: its test says nothing of what the caller passed
    assert guards["jax.random.uniform(key)"] == [("mode", "equals", "eval", False)]
