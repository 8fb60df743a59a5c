"""JAX108 is field-sensitive (issue 23, jaxpi): a jitted method with `self` static that reads a
pytree of `self` only to call the function it holds (`self.state.apply_fn(params, x)`) reads
the pytree's aux data, which an update of the value (`model.state = model.step(model.state,
batch)`) carries unchanged; reading a leaf (`self.state.params`) the same way is stale."""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

from test_findings_acted_on import check

ROOT = pathlib.Path(__file__).resolve().parents[1]

MODELS = """\
    from functools import partial

    import jax


    class PINN:
        def __init__(self, state):
            self.state = state

        @partial(jax.jit, static_argnums=(0,))
        def u_net(self, params, x):
            return self.state.apply_fn(params, x)

        @partial(jax.jit, static_argnums=(0,))
        def predict(self, x):
            return self.state.apply_fn(self.state.params, x)

        @partial(jax.jit, static_argnums=(0,))
        def step(self, state, grads):
            return state.apply_gradients(grads=grads)
    """

UPDATED = """\
    from pkg import models


    def train(state, batches, x):
        model = models.PINN(state)
        for grads in batches:
            model.state = model.step(model.state, grads)
            print(model.u_net(model.state.params, x), model.predict(x))
    """

REBUILT = """\
    from pkg import models


    def train(states, x):
        model = models.PINN(states[0])
        for state in states:
            model.state = state
            print(model.u_net(model.state.params, x), model.predict(x))
    """


def test_a_static_field_read_is_quiet_and_a_leaf_read_is_reported(tmp_path):
    found = check(tmp_path, {"pkg/__init__.py": "", "pkg/models.py": MODELS, "pkg/train.py": UPDATED}, "--select", "JAX108")
    # `u_net` (line 12) reads only `apply_fn`; `predict` (line 16) also reads `params`.
    assert [(path, line) for path, line, _, _ in found] == [("pkg/models.py", 16)]


def test_a_change_that_stores_a_new_value_is_still_reported(tmp_path):
    found = check(tmp_path, {"pkg/__init__.py": "", "pkg/models.py": MODELS, "pkg/train.py": REBUILT}, "--select", "JAX108")
    assert sorted(line for _, line, _, _ in found) == [12, 16]


def run_bench(name: str, capsys) -> list[str]:
    """The lines a measurement script of bench/ prints, run on the installed jax."""
    pytest.importorskip("jax")
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()
    return capsys.readouterr().out.splitlines()


def test_measured_on_jax(capsys):
    lines = run_bench("stale_static_field", capsys)
    assert "[10. 10. 10.] after 9 updates" in lines[0]  # the static field: current
    assert "[1. 1. 1.] after 9 updates" in lines[1]  # the leaf: the first trace's
    assert lines[2].endswith("True")
