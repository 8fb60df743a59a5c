"""`jnp.issubdtype(x, jnp.integer)` of a traced array whose dtype is known is a Python bool the
trace decides: the branch it guards runs only for arrays of that family. ColabDesign's
`get_stats` one-hot encodes integer labels with `labels.max() + 1` classes (JAX204 under a
trace), but every traced caller passes `jax.nn.one_hot(...)`, a float32 array: the branch never
runs there. Measured on jax 0.10.2 (and in the first test)."""

from __future__ import annotations

import pytest

from test_crossmodule import findings, write

STATS = """
    import jax
    import jax.numpy as jnp

    def get_stats(X, labels=None):
        out = {"f_i": X.sum(0)}
        if labels is not None:
            if jnp.issubdtype(labels, %s):
                labels = jax.nn.one_hot(labels, labels.max() + 1)
            out["mf_i"] = jnp.einsum("nc,ni->ci", labels, X)
        return out

    @jax.jit
    def model(X, y):
        return get_stats(X, labels=%s)
"""


def test_issubdtype_of_a_tracer_is_a_python_bool_under_jit():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    seen = {}

    @jax.jit
    def probe(y):
        hot = jax.nn.one_hot(y, 3)
        seen["one_hot"] = (hot.dtype, hot.weak_type)
        seen["float"] = (jnp.issubdtype(hot, jnp.integer), jnp.issubdtype(hot, jnp.floating), jnp.issubdtype(hot, jnp.number))
        seen["int"] = (jnp.issubdtype(y, jnp.integer), jnp.issubdtype(y, jnp.inexact))
        return hot

    probe(jnp.array([0, 1]))
    assert seen["one_hot"] == (jnp.float32, False)
    assert seen["float"] == (False, True, True)
    assert seen["int"] == (True, False)


def test_a_branch_for_integer_labels_is_dead_for_one_hot_labels(tmp_path):
    write(tmp_path, {"main.py": STATS % ("jnp.integer", "jax.nn.one_hot(y, 4)")})
    assert findings(tmp_path) == []


def test_the_branch_runs_for_labels_of_unknown_dtype(tmp_path):
    write(tmp_path, {"main.py": STATS % ("jnp.integer", "y")})
    assert findings(tmp_path) == [("main.py", 8, "JAX204")]


def test_the_branch_runs_for_a_family_the_one_hot_array_belongs_to(tmp_path):
    write(tmp_path, {"main.py": STATS % ("jnp.floating", "jax.nn.one_hot(y, 4)")})
    assert findings(tmp_path) == [("main.py", 8, "JAX204")]
