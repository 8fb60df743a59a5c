"""Weak-type drift between a jitted call before a loop and the loop's calls (JAX406), and
`dict(DEFAULTS, key=value)` as a copy with the keyword put over the entry. Measured on jax
0.10.2 (bench/measure_drift_before_loop.py): a dict with a Python float leaf passed once, then
three times with a float32 array there, compiles twice; with a float32 default, once."""

from __future__ import annotations

from test_crossmodule import findings, messages, write

SPECTRUM = """
    import jax
    import jax.numpy as jnp

    DEFAULTS = {"w": jnp.asarray(0.1), "tau": %s}


    @jax.jit
    def spectrum(params, ell):
        return params["w"] * params["tau"] * ell


    def sweep(ell):
        spectrum(dict(DEFAULTS), ell)
        for tau in jnp.linspace(0.9, 1.1, 3):
            spectrum(dict(DEFAULTS, tau=tau), ell)
"""


def test_a_python_float_before_the_loop_and_arrays_in_it_compile_once_more(tmp_path):
    write(tmp_path, {"main.py": SPECTRUM % "1.0"})
    assert findings(tmp_path) == [("main.py", 15, "JAX406")]
    assert "at its call before the loop" in messages(tmp_path)[0]


def test_an_array_default_keeps_the_key(tmp_path):
    write(tmp_path, {"main.py": SPECTRUM % "jnp.float32(1.0)"})
    assert findings(tmp_path) == []


def test_calls_of_another_function_before_the_loop_are_not_compared(tmp_path):
    write(tmp_path, {"main.py": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(params, x):
            return params["tau"] * x

        def warm(x):
            f({"tau": 1.0}, x)

        def sweep(x):
            for tau in jnp.linspace(0.9, 1.1, 3):
                f({"tau": tau}, x)
    """})
    assert findings(tmp_path) == []


def test_a_kind_an_earlier_call_already_compiled_is_not_one_more(tmp_path):
    # optax's conditionality test: NaN gradients (a weak `jnp.array(float('nan'))`) in a loop,
    # one strong `jnp.ones([])` call, then NaN gradients again: both kinds are compiled by then
    write(tmp_path, {"main.py": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def update(g, s):
            return g * s, s + 1

        def run(steps):
            nan_grads = jnp.array(float("nan"))
            state = jnp.zeros([])
            for _ in range(steps):
                _, state = update(nan_grads, state)
            _, state = update(jnp.ones([]), state)
            for _ in range(steps):
                _, state = update(nan_grads, state)
    """})
    assert not any("before the loop" in message for message in messages(tmp_path))
