"""A project checked again in the same process gets the same findings, whatever the process
checked before. Parsed modules and their collections are shared by every analysis of a process,
and so are the runs of another module's host code (the constructor of `spaces.py` that a file
importing it runs): reused, such a run still tells the analysis what it stored on objects."""

from __future__ import annotations

import pathlib
import textwrap

from jaxcheck.api import check_paths
from jaxcheck.config import Config

PROJECT = {
    "spaces.py": """
        import numpy as np

        class Box:
            def __init__(self, low, high):
                self.low = np.asarray(low)
                self.high = np.asarray(high)

            @property
            def bounded(self):
                return bool(np.all(self.high > self.low))

        def make_spaces(size):
            return {"tokens": Box(0, size), "pixels": Box(0.0, 1.0)}
    """,
    "encode.py": """
        from functools import partial

        import jax

        @partial(jax.jit, static_argnames=("classes",))
        def encode(value, classes):
            return jax.nn.one_hot(value, classes)
    """,
    "agent.py": """
        from encode import encode

        class Agent:
            def __init__(self, spaces):
                self.spaces = spaces

            def observe(self, observation):
                out = {}
                for name, value in observation.items():
                    space = self.spaces[name]
                    if space.bounded:
                        out[name] = encode(value, classes=space.high)
                return out
    """,
    "main.py": """
        import jax.numpy as jnp

        from agent import Agent
        from spaces import make_spaces

        def run():
            agent = Agent(make_spaces(16))
            return agent.observe({"tokens": jnp.array([1, 2]), "pixels": jnp.zeros(3)})
    """,
}
FOUND = [("agent.py", 12, "JAX302")]  # `space.high`: a NumPy array at a static position


def findings(paths: list[pathlib.Path], root: pathlib.Path) -> list[tuple[str, int, str]]:
    result = check_paths(paths, Config(root=root), jobs=1)
    return sorted((pathlib.Path(d.path).name, d.line, d.code) for d in result.diagnostics)


def test_checking_a_project_again_in_one_process_finds_the_same(tmp_path):
    for name, source in PROJECT.items():
        (tmp_path / name).write_text(textwrap.dedent(source).lstrip())
    assert findings([tmp_path], tmp_path) == FOUND
    assert findings([tmp_path], tmp_path) == FOUND
    findings([tmp_path / "main.py"], tmp_path)  # one file first: its analysis runs the others' host code
    assert findings([tmp_path], tmp_path) == FOUND
