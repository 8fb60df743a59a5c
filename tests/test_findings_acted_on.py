"""Findings a user acts on (issue 23), through the real CLI (run in this process:
tests/cli_run.py): correct code that real research repositories write stays quiet, and the hazard
next to it is still reported."""

from __future__ import annotations

import json
import pathlib
import textwrap

from cli_run import jaxcheck

def check(tmp_path: pathlib.Path, files: dict[str, str], *args: str) -> list[tuple[str, int, str, str]]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    completed = jaxcheck("check", "--no-cache", "--show-info", "--format", "json", *args, ".", cwd=tmp_path)
    assert completed.stdout, completed.stderr
    return [(d["path"], d["line"], d["code"], d["severity"]) for d in json.loads(completed.stdout)["diagnostics"]]


# learned_optimization's lopt_truncated_step.py: module-level functions decorated with
# `partial(jax.jit, ...)` over `partial(jax.vmap, ...)`, picked by a method and called by a
# script's loop; and a module-level call of a factory (`STEP = build(2.0)`). Each is one
# callable made once, when its module runs (read first while a method runs): one compile.
# `per_call` builds a new one on each call: that one compiles per call.
MODULE_LEVEL_JITS = {
    "pkg/__init__.py": "",
    "pkg/steps.py": """\
        import functools

        import jax


        @functools.partial(jax.jit, static_argnames=("n",))
        @functools.partial(jax.vmap, in_axes=(0, None))
        def init_a(x, n):
            return x * n


        @functools.partial(jax.jit, static_argnames=("n",))
        @functools.partial(jax.vmap, in_axes=(0, None))
        def init_b(x, n):
            return x + n


        def build(scale):
            return jax.jit(jax.vmap(lambda x: x * scale))


        STEP = build(2.0)


        class Step:
            def init(self, x, vec=False):
                if vec:
                    init_fn = init_a
                else:
                    init_fn = init_b
                return init_fn(x, 3)

            def plain(self, x):
                return init_a(x, 3) + STEP(x)

            def per_call(self, x):
                return build(3.0)(x)
        """,
    "run.py": """\
        import jax.numpy as jnp

        from pkg import steps

        step = steps.Step()
        x = jnp.ones((2, 3))
        for i in range(10):
            x = step.init(x)
            x = step.plain(x)
            x = step.per_call(x)
        """,
}


def test_a_jit_made_once_at_import_is_not_a_compile_per_call(tmp_path):
    found = check(tmp_path, MODULE_LEVEL_JITS)
    assert found == [("pkg/steps.py", 37, "JAX402", "error")], found


# A sweep over sizes the code writes (learned_optimization's timings.py: `num_tasks_list =
# [1, 2, 4, 8, 16, 32]`, one timing per size) compiles once per size like data of varying shape
# does, and literal sizes as often stand for data: both are reported as errors.
SWEEPS = {
    "bench.py": """\
        import jax
        import jax.numpy as jnp
        import numpy as np


        @jax.jit
        def energy(x):
            return (x ** 2).sum()


        def benchmark():
            for n in (8, 16, 32):
                energy(jnp.zeros(n))


        def timings(num_tasks_list=None):
            if num_tasks_list is None:
                num_tasks_list = [1, 2, 4, 8]
            for num_tasks in num_tasks_list:
                energy(jnp.ones((num_tasks, 3)))


        def relax(structures):
            for positions in structures:
                energy(jnp.asarray(positions))


        benchmark()
        timings()
        relax([np.zeros((n, 3)) for n in (5, 6, 7)])
        """,
}


def test_a_sweep_over_sizes_the_code_writes_and_data_of_varying_shape_are_both_reported(tmp_path):
    found = check(tmp_path, SWEEPS)
    assert found == [
        ("bench.py", 13, "JAX404", "error"), ("bench.py", 20, "JAX404", "error"), ("bench.py", 25, "JAX404", "error"),
    ], found
