"""Loops Python unrolls that are not `for` statements, and trip counts callers pass (JAX407).

Each case is a small program checked with the real API; the expectation is the exact list of
(line, code) findings. What jax does with each form was measured on jax 0.10.2 in
`bench/bench_builtin_iteration.py` (equations of `jax.make_jaxpr`: `sum(x)` of 400 rows 1200,
`list(x)` 801, a generator over `range(x.shape[0])` 1600, `jnp.sum(x)` 1); the jax half of that
is asserted in `test_builtin_iteration_grows_with_the_rows` when jax is installed.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source


def findings(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    return sorted((d.line, d.code) for d in result.diagnostics)


CASES = {
    # `sum(x)` of a traced array adds one slice and one add per row; `jnp.sum` one equation.
    # `list(...)`/`tuple(...)` of a few rows (an index, a pair of keys) is structure: left alone
    # unless the rows are known to be many.
    "builtin_sum_over_traced_array": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def integrate(weights, mu):
            total = sum(weights * jnp.exp(-mu))
            exact = jnp.sum(weights)
            index = weights[tuple(jnp.array([1, 2]))]
            return total + exact + index
        """,
        [(6, "JAX407")],
    ),
    # A generator or comprehension's `for` runs at trace time like a `for` statement: over a
    # range sized by the data, or 32 or more constant iterations, it is unrolled. Python values
    # only (`i * 2`), a handful of items, or the items themselves copied cost nothing.
    "comprehensions_as_loops": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(v):
            a = sum(v[i] * 2 for i in range(v.shape[0]))
            b = jnp.stack([v[i] + 1 for i in range(64)])
            c = [i * 2 for i in range(100)]
            d = jnp.stack([v[i] for i in range(3)])
            e = [row.sum() for row in v]
            return a, b, c, d, e
        """,
        [(6, "JAX407"), (7, "JAX407")],
    ),
    # A comprehension over the rows of a traced array pastes its element once per row (the
    # jax half below), but rows no trace knew the number of are mostly a few (a layout's pots):
    # left alone, as rows every trace knew to be few (xyz coordinates) are, and the pieces of
    # `jnp.split`, a Python list as long as the sections asked for, are no rows at all.
    "comprehension_over_rows": (
        """
        import jax
        import jax.numpy as jnp

        def ratio(s):
            return 1 / (1 - 0.25 * s + jnp.sqrt(s))

        @jax.jit
        def kernel(m, xyz: jax.Array):
            w, v = jnp.linalg.eig(m)
            r = jnp.diag(jnp.array([ratio(a) for a in w]))
            norms = jnp.stack([jnp.linalg.norm(c) for c in xyz])
            a, b, c = (p.squeeze(-1) for p in jnp.split(m, 3, axis=-1))  # a list of 3 pieces
            return v @ r, norms, a + b + c

        def run():
            return kernel(jnp.eye(8), jnp.ones((3, 5)))
        """,
        [],
    ),
    # The trip count of a static parameter is what every call passes it: a configuration field
    # whose `add_argument` default is 48, through `static_argnums`.
    "static_trip_count_from_argparse_default": (
        """
        import argparse
        from functools import partial
        import jax

        def parse_args(argv=()):
            parser = argparse.ArgumentParser()
            parser.add_argument("--num-steps", type=int, default=48)
            return parser.parse_args(list(argv))

        @partial(jax.jit, static_argnums=(1,))
        def rollout(x, num_steps):
            for _ in range(num_steps):
                x = x * 0.9 + 1.0
            return x

        def run(x):
            args = parse_args()
            return rollout(x, args.num_steps)
        """,
        [(12, "JAX407")],
    ),
    # ... and nothing when a caller passes a count the analysis cannot see, or a small one.
    "static_trip_count_callers_disagree": (
        """
        import sys
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=(1,))
        def rollout(x, num_steps):
            for _ in range(num_steps):
                x = x * 0.9 + 1.0
            return x

        def run(x):
            return rollout(x, 4), rollout(x, int(sys.argv[1]))
        """,
        [],
    ),
    # A `for` straight over what a call returns, a traced array: one body per row (emlp's
    # `for i in jax.random.permutation(pkey, M)`), as over a name bound to it.
    "loop_over_a_returned_traced_array": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def apply_generators(key, generators, g):
            for i in jax.random.permutation(key, generators.shape[0]):
                g = g @ generators[i]
            return g
        """,
        [(6, "JAX407")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_mechanism(name):
    source, expected = CASES[name]
    assert findings(source) == expected


def test_builtin_iteration_grows_with_the_rows():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    def equations(fn, rows):
        return len(jax.make_jaxpr(fn)(jnp.ones(rows)).jaxpr.eqns)

    for fn in (lambda v: sum(v), lambda v: jnp.stack(list(v)), lambda v: sum(v[i] for i in range(v.shape[0]))):
        assert equations(fn, 64) >= 7 * equations(fn, 8) > 0  # 8x the rows, 8x the slices
    assert equations(lambda v: jnp.sum(v), 64) == equations(lambda v: jnp.sum(v), 8) == 1


def test_loop_over_a_returned_array_grows_with_its_rows():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    def dots(rows):
        def apply_generators(key, generators, g):
            for i in jax.random.permutation(key, generators.shape[0]):
                g = g @ generators[i]
            return g

        jaxpr = jax.make_jaxpr(apply_generators)(jax.random.PRNGKey(0), jnp.ones((rows, 2, 2)), jnp.eye(2))
        return sum(eqn.primitive.name == "dot_general" for eqn in jaxpr.jaxpr.eqns)

    assert (dots(4), dots(32)) == (4, 32)  # measured on jax 0.10.2: one product per row


def test_comprehension_over_rows_grows_with_them():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    def ratio(s):
        return 1 / (1 - 0.25 * s + jnp.sqrt(s))

    def per_row(m):
        return jnp.diag(jnp.array([ratio(a) for a in jnp.linalg.eig(m)[0]]))

    def mapped(m):
        return jnp.diag(jax.vmap(ratio)(jnp.linalg.eig(m)[0]))

    def equations(fn, n):
        return len(jax.make_jaxpr(fn)(jnp.eye(n) + 0.1).jaxpr.eqns)

    # Measured on jax 0.10.2 (a quadratic root per eigenvalue): 71, 139, 549 equations for 4, 8
    # and 32 eigenvalues unrolled, 16 at every size under vmap.
    assert equations(per_row, 32) - equations(per_row, 8) >= 24 * 5
    assert equations(mapped, 32) == equations(mapped, 8)
