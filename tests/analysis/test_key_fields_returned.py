"""Keys held in the fields of pytrees: a key a function puts in a pytree it builds, or leaves in
the field of a pytree it was given, and hands back after consuming it (the model of
:mod:`jaxcheck.analysis.keys`: ``KeyEvents._returned_keys``).

Measured on jax 0.10.2 (bench/measure_key_in_returned_pytree.py): a `reset` that draws from its
key and returns `State(x, key=key)`, then a caller drawing from `state.key`, draws the very
numbers `reset` drew; a function that splits `state.key` in a scan and returns `state` hands the
caller a key whose split gives the scan's keys again.
"""

from __future__ import annotations

import pathlib
import textwrap

from jaxcheck.api import check_paths
from jaxcheck.config import Config


def key_findings(root: pathlib.Path, files: dict[str, str]) -> list[tuple[str, int, str]]:
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text).lstrip("\n"))
    result = check_paths([root], Config(root=root))
    assert result.errors == []
    return sorted(
        (pathlib.Path(d.path).name, d.line, d.code) for d in result.diagnostics if d.code.startswith("JAX5")
    )


STATE = """
    from typing import NamedTuple

    import jax


    class State(NamedTuple):
        x: jax.Array
        key: jax.Array
"""


def test_a_pytree_built_around_a_consumed_key_and_returned_by_name_is_reported(tmp_path):
    env = STATE + """

    def reset(key):
        x = jax.random.normal(key, (3,))
        state = State(x=x, key=key)
        return state


    def run(key):
        state = reset(key)
        return jax.random.normal(state.key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 13, "JAX505")]


def test_a_key_made_for_the_call_comes_back_spent(tmp_path):
    env = STATE + """

    def reset(key):
        x = jax.random.normal(key, (3,))
        state = State(x, key)
        return state


    def run():
        state = reset(jax.random.key(0))
        return jax.random.normal(state.key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 13, "JAX505")]


def test_a_pytree_built_around_a_new_key_is_clean(tmp_path):
    env = STATE + """

    def reset(key):
        key, sample_key = jax.random.split(key)
        x = jax.random.normal(sample_key, (3,))
        state = State(x=x, key=key)
        return state


    def run(key):
        state = reset(key)
        return jax.random.normal(state.key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == []


def test_a_key_read_through_the_field_of_a_pytree_built_here_is_the_key_itself(tmp_path):
    env = STATE + """

    def run(key):
        state = State(x=jax.numpy.zeros(3), key=key)
        a = jax.random.normal(state.key, (3,))
        return a + jax.random.uniform(key, (3,))
    """
    assert key_findings(tmp_path, {"env.py": env}) == [("env.py", 14, "JAX501")]


def test_a_pytree_handed_back_whole_with_its_key_consumed_is_reported_where_it_was_consumed(tmp_path):
    agent = STATE + """

    def dream(state, n):
        def step(k, _):
            k, sub = jax.random.split(k)
            return k, sub

        _, keys = jax.lax.scan(step, state.key, None, length=n)
        return state, keys


    def act(state):
        key, noise_key = jax.random.split(state.key)
        return state._replace(key=key), jax.random.normal(noise_key, (3,))


    def run(state):
        for _ in range(3):
            state, keys = dream(state, 2)
            state, noise = act(state)
        return state
    """
    assert key_findings(tmp_path, {"agent.py": agent}) == [("agent.py", 16, "JAX505")]


def test_a_pytree_handed_back_whole_after_its_key_was_advanced_is_clean(tmp_path):
    agent = STATE + """

    def dream(state, n):
        key, sub = jax.random.split(state.key)
        keys = jax.random.split(sub, n)
        return state._replace(key=key), keys


    def run(state):
        for _ in range(3):
            state, keys = dream(state, 2)
        return state
    """
    assert key_findings(tmp_path, {"agent.py": agent}) == []
