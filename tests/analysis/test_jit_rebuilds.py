"""Which run builds a jitted callable anew, and so compiles it again (measured on jax 0.10.2:
`fit` jitting a nested `step` over its arrays and calling it 5 times, run 3 times from a loop,
compiles `step` 3 times, once per run of `fit`, whether `fit` sits in the module of the loop or
in another one, and whether the jit is applied under `if jit_compile:` with `jit_compile=True`
by default)."""

from __future__ import annotations

import pathlib
import textwrap

import libcst as cst

from jaxcheck.analysis import ModuleFacts
from jaxcheck.analysis.syntax.project import ProjectIndex, ProjectView, parse_shared
from jaxcheck.api import read_source_file

FIT = """
    import jax
    import jax.numpy as jnp


    def fit(params, x, num_iters=5, jit_compile=True):
        def step(params):
            return params - 0.1 * jnp.sum(x) * params

        if jit_compile:
            step = jax.jit(step)
        for _ in range(num_iters):
            params = step(params)
        return params
"""

RESTARTS = """
    def run():
        for restart in range(3):
            fit(jnp.ones(()), jnp.ones(4))
"""


def facts_of(root: pathlib.Path, files: dict[str, str], name: str) -> ModuleFacts:
    for file, text in files.items():
        (root / file).write_text(textwrap.dedent(text))
    project = ProjectIndex.of_paths([str(root / f) for f in files], read_source_file)
    path = str(root / name)
    source = (root / name).read_text()
    return ModuleFacts(parse_shared(path, source), (), ProjectView(project, path), source)


def test_a_jit_built_and_called_in_each_run_of_a_function_is_a_build_per_run_not_per_iteration():
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(FIT) + textwrap.dedent(RESTARTS)))
    assert facts.per_iteration_jits == []  # one compile per run of `fit`: JAX402's, not JAX401's


def test_a_nested_def_in_a_loop_body_called_in_an_inner_loop_is_built_per_iteration():
    source = """
        import jax
        import jax.numpy as jnp

        def train(xs):
            for x in range(3):
                data = jnp.ones(4) * x
                def step(p):
                    return p * jnp.sum(data)
                step = jax.jit(step)
                p = 1.0
                for _ in range(5):
                    p = step(p)
    """
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    assert [event.captured for event in facts.per_iteration_jits] == [("data",)]


def test_a_flag_default_chooses_what_another_modules_run_builds(tmp_path):
    main = "import jax.numpy as jnp\nfrom gp import fit\n" + textwrap.dedent(RESTARTS)
    facts = facts_of(tmp_path, {"gp.py": FIT, "main.py": main}, "main.py")
    (event,) = facts.rebuilt_jits
    assert event.repeated and event.caller.name == "fit" and event.compiled.name == "step"


SOLVER = """
    import jax
    import jax.numpy as jnp


    def relax(scale, dofs):
        @jax.jit
        def assemble(d):
            return d * scale

        for _ in range(5):
            dofs = assemble(dofs)
        return dofs


    def solver(scale, method="relax"):
        if method == "relax":
            return relax(scale, jnp.ones(3))
        return jnp.zeros(3)
"""


def test_a_run_of_another_module_reached_through_a_helper_of_that_module_builds_again(tmp_path):
    # `main` calls `solver`, which calls `relax`, which jits a nested function over its array:
    # each pass of `main`'s loop builds and compiles it again (measured on jax 0.10.2: 3
    # compiles in 3 passes), the same from a function's loop as from a script's.
    in_function = "import jax.numpy as jnp\nfrom solver import solver\n\ndef main():\n    for _ in range(3):\n        solver(jnp.ones(3))\n"
    facts = facts_of(tmp_path, {"solver.py": SOLVER, "main.py": in_function}, "main.py")
    (event,) = facts.rebuilt_jits
    assert event.repeated and event.caller.name == "relax" and event.compiled.name == "assemble"


def test_a_scripts_loop_runs_another_modules_helper_again(tmp_path):
    script = "import jax.numpy as jnp\nfrom solver import solver\n\nfor _ in range(3):\n    solver(jnp.ones(3))\n"
    facts = facts_of(tmp_path, {"solver.py": SOLVER, "script.py": script}, "script.py")
    (event,) = facts.rebuilt_jits
    assert event.repeated and event.caller.name == "relax"


def test_a_script_calling_another_modules_helper_once_builds_once(tmp_path):
    script = "import jax.numpy as jnp\nfrom solver import solver\n\nsolver(jnp.ones(3))\n"
    facts = facts_of(tmp_path, {"solver.py": SOLVER, "script.py": script}, "script.py")
    assert facts.rebuilt_jits == []


def test_a_rebuilt_equinox_wrapper_equal_to_the_last_is_no_rebuild():
    # Measured on jax 0.10.2 with equinox (bench/measure_equal_wrappers.py): a factory's
    # `eqx.filter_jit(eqx.filter_grad(loss))`, rebuilt 3 times, compiles `loss` once;
    # `eqx.filter_jit(jax.grad(loss))` 3 times.
    source = """
        import equinox as eqx
        import jax

        def loss(w, x):
            return (x @ w).sum()

        def make_filtered():
            return eqx.filter_jit(eqx.filter_grad(loss))

        def make_plain():
            return eqx.filter_jit(jax.grad(loss))

        def epoch(w, x):
            return make_filtered()(w, x) + make_plain()(w, x)

        def fit(w, x):
            for _ in range(3):
                w = epoch(w, x)
    """
    facts = ModuleFacts(cst.parse_module(textwrap.dedent(source)))
    assert [event.fresh_callable for event in facts.rebuilt_jits] == ["the result of `jax.grad`"]
