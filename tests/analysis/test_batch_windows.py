"""Windows of the data that a host loop moves (analysis/host/windows.py): a slice whose bounds
are linear in the iteration (`x[i:i + B]`, `x[b * B:(b + 1) * B]`, `x[p:min(n, p + B)]` with
`p += B`, `x[b * B:n]`) changes length on every iteration, or only on the last, ragged one when
the loop covers a length its step may not divide, and stays fixed where the step visibly
divides it or the loop drops the remainder. Each program below was run on jax 0.10.2 with the
compile counts its comment gives (bench/measure_batch_windows.py)."""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source

HEAD = """
import math
import jax
import jax.numpy as jnp
import numpy as np

@jax.jit
def step(x):
    return jax.tree.map(lambda a: a.sum(), x)

"""


def shape_findings(body: str) -> list[int]:
    source = HEAD + textwrap.dedent(body).lstrip("\n")
    result = check_source(source, "case.py")
    assert result.error is None, result.error
    offset = HEAD.count("\n")
    return sorted(d.line - offset for d in result.diagnostics if d.code == "JAX404")


RAGGED = {
    "ceil": """
        def run(x, size):
            for b in range(math.ceil(len(x) / size)):  # 10 rows, 4 a window: 2 compiles
                step(x[b * size:(b + 1) * size])
        """,
    "ceil through a name": """
        def run(x, size):
            batches = math.ceil(x.shape[0] / size)
            for b in range(batches):
                step(x[b * size:(b + 1) * size])
        """,
    "rounded up": """
        def run(x, n, size):
            for b in range((n + size - 1) // size):  # 2 compiles
                step(x[b * size:(b + 1) * size])
        """,
    "stepped and clamped": """
        def run(x, n, size):
            processed = 0
            for _ in range(math.ceil(n / size)):  # 2 compiles
                step(x[processed:min(n, processed + size)])
                processed += size
        """,
    "while": """
        def run(x, n, size):
            p = 0
            while p < n:  # 2 compiles
                step(x[p:p + size])
                p += size
        """,
    "tree.map": """
        def run(pair, n, size):
            for i in range(0, n, size):  # 2 compiles
                step(jax.tree.map(lambda a: a[i:i + size], pair))
        """,
    "sizes known, not dividing": """
        def run(x, size=4):
            for i in range(0, x.shape[0], size):
                step(x[i:i + size])

        run(jnp.ones((10, 3)))
        """,
}

FIXED = {
    "remainder dropped": """
        def run(x, n, size):
            for b in range(n // size):  # 1 compile
                step(x[b * size:(b + 1) * size])
        """,
    "divides, written": """
        def run(x):
            for i in range(0, 12, 4):  # 1 compile
                step(x[i:i + 4])
        """,
    "divides, from the caller": """
        def batches(dataset, batch_size):
            n = dataset.shape[0]
            for start in range(0, n, batch_size):
                yield dataset[start:start + batch_size]

        def run():
            # 8 rows in windows of 2: 1 compile
            for xb in batches(jnp.arange(8.0)[:, None] * jnp.ones((1, 3)), 2):
                step(xb)

        run()
        """,
    "dynamic_slice of a static size": """
        def run(x, n, size):
            for i in range(0, n, size):  # the start is clamped: 1 compile
                step(jax.lax.dynamic_slice(x, (i, 0), (size, 3)))
        """,
    "windows that do not cover a length": """
        def run(x, n, size):
            for b in range(n):  # as many full windows as asked for
                step(x[b * size:(b + 1) * size])
        """,
    "overlapping windows of one length": """
        def run(x, n):
            for i in range(n):
                step(x[i:i + 4])
        """,
}


@pytest.mark.parametrize("name", sorted(RAGGED))
def test_ragged_last_window_is_reported(name: str) -> None:
    assert shape_findings(RAGGED[name]), name


@pytest.mark.parametrize("name", sorted(FIXED))
def test_fixed_windows_are_not_reported(name: str) -> None:
    assert shape_findings(FIXED[name]) == [], name


def test_divisibility_needs_every_caller() -> None:
    """The sizes the callers give count only where every run gives the same: 9 rows on one run
    and 10 on another are no number of rows the analysis can divide by 3 (10 leaves one)."""
    body = """
        def batches(dataset, batch_size):
            n = dataset.shape[0]
            for start in range(0, n, batch_size):
                yield dataset[start:start + batch_size]

        def run(rows):
            for xb in batches(jnp.ones((rows, 3)), 3):
                step(xb)

        run(9)
        run(10)
        """
    assert shape_findings(body)


def test_lower_bound_moving_alone_changes_every_iteration() -> None:
    body = """
        def run(x, n):
            for b in range(3):  # x[0:n], x[3:n], x[6:n]: 3 compiles
                step(x[b * 3:n])
        """
    assert shape_findings(body) == [3]


def test_finding_is_on_the_line_of_the_call() -> None:
    body = """
        def run(x, n, size):
            for i in range(0, n, size):
                step(
                    x[i:i + size],
                )
        """
    assert shape_findings(body) == [3]


def test_bounds_read_through_names_the_loop_binds() -> None:
    """`end = start + size; x[start:end]` is the window `x[start:start + size]`; a bound read
    from an item of the loop (`x[:len(batch)]`) is no invariant."""
    ragged = """
        def run(x, n, size):
            for start in range(0, n, size):
                end = start + size
                step(x[start:end])
        """
    fixed = """
        def run(x, size):
            for start in range(0, 12, 4):
                end = start + 4
                step(x[start:end])
        """
    item = """
        def run(x, batches):
            for i, batch in enumerate(batches):
                step(x[i:i + len(batch)])
        """
    assert shape_findings(ragged) == [4]
    assert shape_findings(fixed) == []
    assert shape_findings(item) == []
