"""`jax.make_jaxpr(f)(key, x)` and `jax.eval_shape(f, key, x)` only trace `f` (``Transform.evaluates``):
the key they are given draws nothing, so a key `f` already drew from may be given to them.

Measured on jax 0.10.2 (bench/measure_abstract_evaluation_keys.py): after `f(key, x)`, neither
raises `KeyReuseError` under `jax_debug_key_reuse`; a second `f(key, x)` does.
"""

from __future__ import annotations

from tests.analysis.test_key_flow import key_findings

TRACED = """
    import jax


    @jax.jit
    def f(key, x):
        return x + jax.random.normal(key, x.shape)


    def run(x):
        key = jax.random.PRNGKey(0)
        y = f(key, x)
        jaxpr = jax.make_jaxpr(f)(key, x)
        shape = jax.eval_shape(f, key, x)
        return y, jaxpr, shape
"""


def test_tracing_to_a_jaxpr_or_to_shapes_draws_nothing(tmp_path):
    assert key_findings(tmp_path, {"main.py": TRACED}) == []


def test_a_real_call_after_them_is_still_a_reuse(tmp_path):
    again = TRACED.replace("return y, jaxpr, shape", "return y, jaxpr, shape, f(key, x)")
    assert key_findings(tmp_path, {"main.py": again}) == [("main.py", 14, "JAX501")]
