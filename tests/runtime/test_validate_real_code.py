"""`validate` on code shaped like research repositories: a class built the way the project's own
tests build it, a step function nested in `__init__` and stored on the instance, a state argument
made by the instance's own `reset`, and module-level arrays built with `.at[...]` (real jax, CPU)."""

from __future__ import annotations

import ast
import pathlib
import textwrap

from jaxcheck.api import check_paths
from jaxcheck.config import Config
from jaxcheck.runtime import ValidateOptions, validate
from jaxcheck.runtime.toplevel import library_names, note_arrays, skip_reason

ENV = textwrap.dedent(
    """\
    from typing import NamedTuple

    import jax
    import jax.numpy as jnp

    OFFSET = jnp.zeros((3,))
    OFFSET = OFFSET.at[0].set(1.0)


    class State(NamedTuple):
        x: jax.Array


    class Env:
        def __init__(self, layout: "Layout"):
            size = layout["width"]

            def _step(key, state: State):
                noise = jax.random.normal(key, (size,))
                more = jax.random.uniform(key, (size,))
                return state.x + noise + more + OFFSET[0]

            def _spawn(key):
                first = jax.random.randint(key, (), 0, size)
                second = jax.random.randint(key, (), 0, size)
                return first + second

            def _reset_state(key):
                return _spawn(key)

            self.step_env = _step
            self.reset_state = jax.jit(_reset_state)
            self.size = size

        def reset(self, key):
            return jnp.zeros(self.size), State(jnp.ones(self.size))
    """
)


def test_closure_in_init_runs_with_the_projects_own_constructor_call_and_reset(tmp_path: pathlib.Path) -> None:
    package = tmp_path / "envpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "env.py").write_text(ENV)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_env.py").write_text(
        "from envpkg.env import Env\n\n\ndef test_env():\n    assert Env({'width': 3}).size == 3\n"
    )
    checked = check_paths([str(package / "env.py")], Config())
    assert [d.code for d in checked.diagnostics] == ["JAX501", "JAX501"]
    result = validate(checked, ValidateOptions(timeout=60))
    step, spawn = (d.validation for d in result.diagnostics)
    # `Layout` cannot be synthesized: the instance comes from `Env({'width': 3})` in the tests,
    # the state from `env.reset(key)`
    assert step.status == "confirmed", step.evidence
    assert "the same key again by `_uniform` at line 20" in step.evidence and "State(x=" in step.evidence
    # `_spawn` is stored nowhere: the jitted `_reset_state` that calls it runs instead
    assert spawn.status == "confirmed", spawn.evidence
    assert "`Env.__init__._reset_state`" in spawn.evidence


def _reasons(source: str) -> list[str | None]:
    tree = ast.parse(textwrap.dedent(source))
    libraries = library_names(tree)
    reasons = []
    for statement in tree.body:
        reason = skip_reason(statement, libraries)
        reasons.append(reason)
        if reason is None:
            note_arrays(statement, libraries)
    return reasons


def test_module_level_array_methods_run_but_calls_of_project_code_do_not() -> None:
    reasons = _reasons(
        """\
        import jax
        import jax.numpy as jnp
        GRID = jnp.zeros((4, 4))
        GRID = GRID.at[0, :].set(5)
        SPAWNS = jnp.array([[0, 1], [2, 3]]).reshape(-1, 2)
        def main(n):
            return n
        fast = jax.jit(main)
        fast(3)
        jax.jit(main)(3)
        main(3).bit_length()
        """
    )
    assert reasons[:7] == [None] * 7
    assert reasons[7] == "it calls `fast`, code of the project"
    assert reasons[8] == "it calls the result of an expression"
    assert reasons[9] == "it calls the result of an expression"  # `main(3)` is not run either
