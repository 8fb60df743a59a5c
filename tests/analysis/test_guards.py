"""Type guards narrow traced values in the branch they guard (jaxcheck/analysis/guards.py).

Each case is a jitted function checked with the real API; the test asserts its exact findings
(line, code). VALID cases guard host-only work with a test no tracer passes; INVALID cases use
a guard that lets tracers through (or takes the traced branch), and keep their finding.
Each INVALID case is also run on jax to show the hazard is real.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source

HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n\n@jax.jit\n"  # the def is on line 7


def findings(body: str) -> list[tuple[int, str]]:
    result = check_source(HEADER + textwrap.dedent(body).lstrip("\n"), "case.py")
    return sorted((d.line, d.code) for d in result.diagnostics)


VALID = {
    "hasattr_conditional_expression": """
        def f(a):
            shape = a.shape if hasattr(a, "shape") else np.asarray(a).shape
            return a.reshape(shape)
        """,
    "not_hasattr_statement": """
        def f(a):
            if not hasattr(a, "shape"):
                a = np.asarray(a)
            return a + 1
        """,
    "isinstance_number_tuple": """
        def f(x, eps):
            if isinstance(eps, (int, float)):
                eps = float(eps)
            return x + eps
        """,
    "is_none_then_float": """
        def f(x, eps):
            if eps is None:
                return x + float(eps or 0)
            return x + eps
        """,
    "type_is_int_and_comparison": """
        def f(x, n):
            if type(n) is int and n > 0:
                return x * n
            return x
        """,
    "numpy_isscalar": """
        def f(x, t):
            if np.isscalar(t):
                t = int(t)
            return x + t
        """,
    "tracer_guard_before_a_jnp_check": """
        def f(x):
            if isinstance(x, jax.core.Tracer):
                return x
            assert jnp.all(x > 0)  # jnp makes a tracer of anything under jit: unreachable here
            return x
        """,
    "disable_jit_guard": """
        def f(x):
            if jax.config.jax_disable_jit:
                assert jnp.all(x > 0)
            return x
        """,
    "not_tracer_or_else": """
        def f(x, t):
            if isinstance(t, jax.core.Tracer):
                return x + t
            else:
                return x + float(t)
        """,
    "ndarray_or_chain": """
        def f(x, t):
            if isinstance(t, np.ndarray) or isinstance(t, float):
                t = np.asarray(t).item()
            return x + t
        """,
}

INVALID = {
    # (body, expected findings, arguments that reproduce the hazard on jax)
    "jax_array_branch_if": (
        """
        def f(x):
            if isinstance(x, jax.Array):
                if x > 0:
                    return x
            return -x
        """,
        [(9, "JAX201")],
    ),
    "jnp_isscalar_is_true_for_0d_tracers": (
        """
        def f(x):
            if jnp.isscalar(x):
                return float(x)
            return x
        """,
        [(9, "JAX202")],
    ),
    "early_return_leaves_the_tracer": (
        """
        def f(x):
            if not isinstance(x, jax.core.Tracer):
                return 1.0
            return float(x)
        """,
        [(10, "JAX202")],
    ),
    "hasattr_shape_branch_is_traced": (
        """
        def f(x):
            if hasattr(x, "shape"):
                return float(x)
            return x
        """,
        [(9, "JAX202")],
    ),
    "or_after_none_check_is_traced": (
        """
        def f(x):
            if x is None or x > 0:
                return x
            return -x
        """,
        [(8, "JAX201")],
    ),
    "else_of_number_check_is_traced": (
        """
        def f(x):
            if isinstance(x, (int, float)):
                return float(x)
            else:
                return float(x) + 1.0
        """,
        [(11, "JAX202")],
    ),
    "guard_on_another_name": (
        """
        def f(x, y):
            if y is None:
                return float(x)
            return x
        """,
        [(9, "JAX202")],
    ),
}


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_guards_hide_host_only_code(name: str) -> None:
    assert findings(VALID[name]) == []


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_guards_keep_the_finding(name: str) -> None:
    body, expected = INVALID[name]
    assert findings(body) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_cases_fail_on_jax(name: str) -> None:
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    body, _ = INVALID[name]
    namespace: dict[str, object] = {}
    exec(HEADER + textwrap.dedent(body).lstrip("\n"), namespace)  # noqa: S102
    arguments = (jnp.float32(1.0), None) if name == "guard_on_another_name" else (jnp.float32(1.0),)
    with pytest.raises((jax.errors.TracerBoolConversionError, jax.errors.ConcretizationTypeError)):
        namespace["f"](*arguments)


@pytest.mark.slow
def test_tracer_facts_the_guards_rely_on() -> None:
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    np = pytest.importorskip("numpy")
    seen = {}

    def probe(x):
        seen["hasattr"] = hasattr(x, "shape")
        seen["host"] = isinstance(x, (int, float, bool, complex, str, np.ndarray, np.generic, list, tuple, dict))
        seen["np_isscalar"] = np.isscalar(x)
        seen["jnp_isscalar"] = jnp.isscalar(x)
        seen["tracer"] = isinstance(x, jax.core.Tracer) and isinstance(x, jax.Array)
        seen["type_int"] = type(x) is int
        return x

    jax.jit(probe)(1.0)
    assert seen == {
        "hasattr": True, "host": False, "np_isscalar": False, "jnp_isscalar": True, "tracer": True,
        "type_int": False,
    }
