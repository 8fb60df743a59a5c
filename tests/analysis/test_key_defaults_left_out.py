"""A key parameter whose default is a constant key (`rng=PRNGKey(0)`, made once when the `def`
runs), left out by a call in a body that `jax.vmap` or a lax loop repeats, itself or through the
functions it calls (``Summary.default_keys``, ``Summary.default_key_drawn``): every element or
step draws from that one key, reported at the default as key-reused-in-loop.

Measured on jax 0.10.2 (bench/measure_default_keys.py, and the test below): a vmapped function
that calls `sample(3)` leaving `key=PRNGKey(0)` out returns equal rows, as does a `lax.scan` body.
Host calls that repeat leaving it out stay key-parameter-overwritten's (JAX502), as before.
"""

from __future__ import annotations

import pytest

from tests.analysis.test_key_flow import key_findings

FITS = """
    import jax


    def fit(x, epochs=2, rng=jax.random.PRNGKey(0)):
        keys = jax.random.split(rng, epochs)
        return x + jax.random.normal(keys[0], x.shape)
"""


def test_a_mapped_caller_leaving_the_default_out_draws_one_key_for_every_element(tmp_path):
    main = """
        import jax
        import jax.numpy as jnp
        from fits import fit


        def member(x, i):
            return fit(x, epochs=3)


        def ensemble(x):
            return jax.jit(jax.vmap(lambda i: member(x, i)))(jnp.arange(3))
    """
    assert key_findings(tmp_path, {"fits.py": FITS, "main.py": main}) == [("fits.py", 4, "JAX503")]


def test_a_scan_body_leaving_the_default_out_draws_one_key_at_every_step(tmp_path):
    main = """
        import jax
        from fits import fit


        def train(x):
            def body(carry, _):
                return fit(carry), None
            return jax.lax.scan(body, x, None, length=4)
    """
    assert key_findings(tmp_path, {"fits.py": FITS, "main.py": main}) == [("fits.py", 4, "JAX503")]


def test_a_mapped_caller_passing_its_own_key_is_clean(tmp_path):
    main = """
        import jax
        from fits import fit


        def member(x, key):
            return fit(x, rng=key)


        def ensemble(x, keys):
            return jax.vmap(lambda k: member(x, k))(keys)
    """
    assert key_findings(tmp_path, {"fits.py": FITS, "main.py": main}) == []


def test_one_traced_call_leaving_the_default_out_is_clean(tmp_path):
    main = """
        import jax
        from fits import fit


        @jax.jit
        def train(x):
            return fit(x)
    """
    assert key_findings(tmp_path, {"fits.py": FITS, "main.py": main}) == []


def test_host_calls_that_repeat_stay_with_the_default_rule(tmp_path):
    main = """
        import jax
        from fits import fit


        def run(x):
            return [fit(x) for _ in range(3)]
    """
    assert key_findings(tmp_path, {"fits.py": FITS, "main.py": main}) == [("fits.py", 4, "JAX502")]


def test_measured_a_mapped_default_key_gives_every_element_the_same_numbers():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def sample(n, key=jax.random.PRNGKey(0)):
        return jax.random.normal(key, (n,))

    rows = jax.vmap(lambda i: sample(3) + 0 * i)(jnp.arange(4))
    assert bool(jnp.all(rows == rows[0]))
    steps = jax.lax.scan(lambda c, _: (c, sample(3)), 0.0, None, length=4)[1]
    assert bool(jnp.all(steps == steps[0]))


MAPPED_DEFAULT = """
    import jax


    def filter_steps(key, ensemble):
        for _ in range(3):
            key, subkey = jax.random.split(key)

            def update(point, key=key):
                return point + jax.random.normal(key, point.shape)

            ensemble = jax.vmap(update)(ensemble)
        return ensemble
"""


def test_a_key_parameter_the_mapped_call_leaves_to_its_default_is_one_key_for_all(tmp_path):
    # reported at the default, where the key is chosen (case 2101's ensemble Kalman filter)
    assert key_findings(tmp_path, {"main.py": MAPPED_DEFAULT}) == [("main.py", 8, "JAX503")]


def test_a_key_the_mapped_call_passes_is_mapped(tmp_path):
    main = """
        import jax


        def perturb(keys, ensemble):
            def update(point, key, scale=1.0):
                return point + scale * jax.random.normal(key, point.shape)
            return jax.vmap(update)(ensemble, keys)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_measured_a_default_the_mapping_leaves_out_is_the_same_for_every_element():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    key = jax.random.PRNGKey(0)

    def update(point, key=key):
        return point + jax.random.normal(key, point.shape)

    rows = jax.vmap(update)(jnp.zeros((4, 3)))
    assert bool(jnp.all(rows == rows[0]))
