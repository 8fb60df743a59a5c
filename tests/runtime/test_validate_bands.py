"""Each band's experiment with synthesized inputs, registered examples (decorator and config),
and an input that cannot be synthesized. One validation run covers the whole module."""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import CheckResult, check_paths
from jaxcheck.config import Config
from jaxcheck.diagnostics import Diagnostic, FileResult
from jaxcheck.runtime import ValidateOptions, validate

HEADER = """\
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp

import jaxcheck

history = []
"""

# name -> (source, code, expected status, text the evidence must contain)
CASES = {
    "purity_synthesized": (
        """
        @jax.jit
        def step(x: jax.Array):
            print("x =", x)
            return x * 2
        """, "JAX101", "confirmed", "1 of 3 calls of `step` under jit, 3 of 3 without jit",
    ),
    "purity_registered": (
        """
        @jaxcheck.example(lambda: jnp.ones((2, 2)), scale=2.0)
        @partial(jax.jit, static_argnames="scale")
        def step(x, scale):
            history.append(scale)
            return x * scale
        """, "JAX104", "confirmed", "1 of 3 calls of `step` under jit, 3 of 3 without jit (`history`)",
    ),
    "purity_missing_input": (
        """
        @partial(jax.jit, static_argnums=1)
        def step(x, config):
            print(config.depth)
            return x
        """, "JAX101", "inconclusive", "no value for parameter `config`",
    ),
    "tracing_jaxtyping_shapes": (
        """
        @jax.jit
        def project(x: Float[Array, "b n"], w: Float[Array, "n m"]):
            y = x @ w
            if y.sum() > 0:
                return y
            return -y
        """, "JAX201", "confirmed", "float32[2, 3], float32[3, 4]",
    ),
    "tracing_registered": (
        """
        @jaxcheck.example(lambda: jnp.arange(6.0), 2)
        @jax.jit
        def head(x, stop):
            return x[:stop]  # flag
        """, "JAX205", "confirmed", "registered example (float32[6], 2) raised IndexError: Slice entries must be static",
    ),
    "tracing_missing_input": (
        """
        class Table:
            def __init__(self, rows):
                self.rows = rows

        @jax.jit
        def lookup(x, table: Table):
            return x if x > 0 else table
        """, "JAX201", "inconclusive", "no value for parameter `table`",
    ),
    "static_synthesized": (
        """
        @partial(jax.jit, static_argnames="sizes")
        def mlp(x, sizes: list[int]):
            return x
        """, "JAX301", "confirmed", "ValueError: Non-hashable static arguments are not supported",
    ),
    "static_registered_with_call_site": (
        """
        @jaxcheck.example(lambda: jnp.ones(2), (1,))
        @partial(jax.jit, static_argnums=1)
        def mlp(x, sizes):
            return x

        def run(x):
            return mlp(x, [4, 2])  # flag
        """, "JAX302", "confirmed", "`mlp(float32[2], [4, 2])` raised ValueError: Non-hashable static arguments",
    ),
    "static_missing_input": (
        """
        class Lookup:  # nothing says what it holds: no value can be made up for it
            def __init__(self, path):
                self.path = path

        @dataclass
        class Settings:
            table: Lookup

        @partial(jax.jit, static_argnames="settings")
        def apply(x, settings: Settings):
            return x
        """, "JAX301", "inconclusive", "no value for parameter `settings`",
    ),
    "recompilation_synthesized": (
        """
        def loss(p, batch):
            return ((p - batch) ** 2).sum()

        def evaluate(params, batch):
            f = jax.jit(partial(loss, batch=batch))
            return f(params)

        def report(params, train, test):
            return evaluate(params, train), evaluate(params, test)
        """, "JAX402", "confirmed", "3 XLA compilations of `loss` while line",
    ),
    "recompilation_registered": (
        """
        def update(params, lr):
            return {k: v * lr for k, v in params.items()}

        @jaxcheck.example(lambda: {"w": jnp.ones(3)}, 3)
        def train(params, n):
            for i in range(n):
                step = jax.jit(partial(update, lr=0.5))
                params = step(params)
            return params
        """, "JAX401", "confirmed", "3 XLA compilations of `update` while line",
    ),
    "recompilation_eager_lax": (
        """
        def minimize(x, tolerance):
            def not_done(x):
                return jnp.abs(x).max() > tolerance
            def halve(x):
                return x / 2
            return jax.lax.while_loop(not_done, halve, x)

        def main(x):
            for tolerance in range(1, 4):
                x = minimize(x, 1e-3 * tolerance)
            return x
        """, "JAX402", "confirmed", "3 XLA compilations of `while` while line",
    ),
    "recompilation_missing_input": (
        """
        class State:
            def __init__(self, params, opt):
                self.params = params

        def update(params, lr):
            return params * lr

        def train(state: State, n: int):
            for i in range(n):
                step = jax.jit(partial(update, lr=0.5))
                state.params = step(state.params)
            return state
        """, "JAX401", "inconclusive", "register",
    ),
}

CONFIGURED = """
@partial(jax.jit, static_argnums=1)
def configured(x, config):
    print(config[0])
    return x
"""


def _source(body: str) -> str:
    # jaxtyping is optional: stand-ins so annotations read like real ones (never evaluated).
    return HEADER + "Float = Array = None\n" + textwrap.dedent(body)


@pytest.fixture(scope="module")
def validated(tmp_path_factory) -> dict[str, list[Diagnostic]]:
    directory = tmp_path_factory.mktemp("bands")
    paths = {}
    for name, (body, *_rest) in CASES.items():
        paths[name] = directory / f"{name}.py"
        paths[name].write_text(_source(body))
    (directory / "configured_example.py").write_text(_source(CONFIGURED))
    options = ValidateOptions(
        timeout=30, examples={"configured_example.py::configured": ["jnp.ones(3), (2,)"]}
    )
    checked = check_paths(sorted(directory.glob("*.py")), Config())
    for file_result in checked.files:
        name = file_result.path.rsplit("/", 1)[-1][:-3]
        # Only a case that marks its line `# flag` may be asked of the validator without a finding
        # of the checker; for every other case the test below requires the checker's own finding.
        forced = name in CASES and "# flag" in CASES[name][0]
        if forced and not any(d.code == CASES[name][1] for d in file_result.diagnostics):
            file_result.diagnostics.append(_flagged(file_result.path, CASES[name][1]))
    result = validate(checked, options)
    found: dict[str, list[Diagnostic]] = {}
    for diagnostic in result.diagnostics:
        found.setdefault(diagnostic.path.rsplit("/", 1)[-1][:-3], []).append(diagnostic)
    return found


@pytest.mark.parametrize("name", CASES)
def test_band_experiment(name, validated):
    _, code, status, evidence = CASES[name]
    diagnostics = [d for d in validated.get(name, []) if d.code == code]
    assert diagnostics, f"{name}: the checker made no {code} finding: {validated.get(name)}"
    validation = diagnostics[0].validation
    assert validation.status == status, validation
    assert evidence in validation.evidence, validation.evidence
    if status == "inconclusive" and "no value" in evidence:
        assert "@jaxcheck.example(...)" in validation.evidence


def _flagged(path: str, code: str) -> Diagnostic:
    """The finding at the line marked `# flag`, where the checker stays silent (it does not
    know an unannotated parameter is an array) but the validator can still be asked."""
    lines = open(path).read().splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.endswith("# flag"))
    text = lines[number - 1]
    start = len(text) - len(text.lstrip()) + 1
    if "mlp(" in text:
        start = text.index("[") + 1
    return Diagnostic(path, number, start, number, len(text) - 6, code, "forced", "forced")


def test_configured_example_is_used(validated):
    (diagnostic,) = validated["configured_example"]
    assert diagnostic.validation.status == "confirmed", diagnostic.validation


def test_drop_refuted_hides_refuted_findings(tmp_path):
    path = tmp_path / "pure.py"
    path.write_text(_source("""
        @jax.jit
        def double(x: jax.Array):
            return x * 2
        """))
    line = path.read_text().splitlines().index("    return x * 2") + 1
    forced = Diagnostic(str(path), line, 5, line, 17, "JAX201", "forced", "forced")
    result = CheckResult([FileResult(str(path), [forced])], 1)
    kept = validate(result, ValidateOptions(timeout=30))
    assert kept.diagnostics[0].validation.status == "refuted", kept.diagnostics[0].validation
    assert "without a concretization error" in kept.diagnostics[0].validation.evidence
    assert validate(result, ValidateOptions(timeout=30, drop_refuted=True)).diagnostics == []


def test_example_decorator_is_free():
    import jaxcheck

    def f(x):
        return x

    def g(x):
        return x

    assert jaxcheck.example(1)(f) is f
    assert jaxcheck.example(2)(jaxcheck.example(3)(g)).__jaxcheck_examples__ == (((2,), {}), ((3,), {}))
