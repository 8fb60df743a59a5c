"""Keys in bodies that JAX repeats: what a mapped function consumes, keys a mapping hands whole
to every element, keys made from a written seed in a lax loop's body (the model of
:mod:`jaxcheck.analysis.keys`; the beliefs are measured on jax at the end of this file).

Each test writes a small project to ``tmp_path``, checks it with the real API and asserts the
exact JAX5xx findings (file, line, code), or that there are none.
"""

from __future__ import annotations

import pytest
from test_key_flow import key_findings


TRAJECTORIES = """
    import jax

    def trajectory(h, key):
        return h * jax.random.uniform(key, (4,))

    def trajectories(h, keys):
        run = jax.vmap(trajectory, in_axes=(None, 0))
        return run(h, keys)
"""


def test_a_call_of_a_named_mapping_consumes_what_its_function_consumes(tmp_path):
    main = TRAJECTORIES + """
    def twice(h, keys):
        return trajectories(h, keys), trajectories(h, keys)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 11, "JAX501")]


def test_keys_unmapped_by_an_outer_mapping_are_reported_at_that_mapping(tmp_path):
    main = TRAJECTORIES + """
    def batch(hs, keys):
        in_axes = (0, None)
        f = jax.vmap(trajectories, in_axes=in_axes)
        return f(hs, keys)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 12, "JAX503")]


def test_one_row_of_keys_per_element_is_clean(tmp_path):
    main = TRAJECTORIES + """
    def batch(hs, key):
        keys = jax.random.split(key, (hs.shape[0], 5))
        return jax.vmap(trajectories)(hs, keys)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_key_given_whole_to_a_helper_of_another_module_is_reported_at_the_mapping(tmp_path):
    helpers = """
        import jax

        def add_noise(x, key):
            return x + jax.random.normal(key, x.shape)
    """
    main = """
        import jax
        from helpers import add_noise

        def corrupt(xs, key):
            return jax.vmap(add_noise, in_axes=(0, None))(xs, key)
    """
    assert key_findings(tmp_path, {"helpers.py": helpers, "main.py": main}) == [("main.py", 5, "JAX503")]


def test_a_key_closed_over_by_the_mapped_function_is_reported_where_it_is_drawn(tmp_path):
    main = """
        import jax

        def corrupt(xs, key):
            def one(x):
                return x + jax.random.normal(key, x.shape)
            return jax.vmap(one)(xs)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 5, "JAX503")]


FIXED = """
    from functools import partial

    import jax
    from jax import random


    def perturb(x):
        return x + random.normal(random.PRNGKey(0), x.shape)
"""


def test_a_helper_drawing_from_a_written_seed_in_a_fori_loop_body_is_reported_at_the_seed(tmp_path):
    main = FIXED + """
    def body(i, total, x):
        return total + perturb(x * i).sum()

    def objective(x):
        step = partial(body, x=x)
        return jax.lax.fori_loop(0, 4, step, 0.0)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 8, "JAX503")]


def test_a_helper_drawing_from_a_written_seed_in_a_scan_body_is_reported_at_the_seed(tmp_path):
    main = FIXED + """
    def step(x, _):
        return perturb(x), None

    def run(x):
        return jax.lax.scan(step, x, None, length=5)[0]
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 8, "JAX503")]


def test_a_written_seed_the_body_itself_draws_from_is_taken_as_deliberate(tmp_path):
    # a dummy key to learn a buffer's structure, fixed evaluation levels: the seed is in sight
    main = """
        import jax

        def step(x, _):
            rng, key_a = jax.random.split(jax.random.PRNGKey(0))  # a dummy rng here
            return x + jax.random.normal(key_a, x.shape), None

        def run(x):
            return jax.lax.scan(step, x, None, length=5)[0]
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_helper_that_ignores_its_key_for_a_written_seed_is_reported_once_as_that(tmp_path):
    main = """
        import jax

        def perturb(x, key):
            noise_key = jax.random.PRNGKey(0)
            return x + jax.random.normal(noise_key, x.shape)

        def run(xs, key):
            keys = jax.random.split(key, xs.shape[0])
            return jax.vmap(perturb)(xs, keys)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 4, "JAX502")]


def test_a_written_seed_in_a_helper_of_another_module_is_reported_there_once(tmp_path):
    main = """
        import jax
        from helpers import perturb

        def body(i, x):
            return perturb(x)

        def step(x, _):
            return perturb(x), None

        def run(x):
            x = jax.lax.fori_loop(0, 3, body, x)
            return jax.lax.scan(step, x, None, length=3)[0]
    """
    helpers = FIXED.replace("from functools import partial\n", "")
    assert key_findings(tmp_path, {"helpers.py": helpers, "main.py": main}) == [("helpers.py", 6, "JAX503")]


def test_a_written_seed_drawn_from_outside_any_repeated_body_is_clean(tmp_path):
    main = FIXED + """
    def objective(x):
        return perturb(x).sum()  # one fixed draw, once: a choice the reader sees
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_key_folded_with_the_loop_index_in_a_fori_loop_body_is_clean(tmp_path):
    main = """
        import jax

        def run(x, key):
            def body(i, x):
                return x + jax.random.normal(jax.random.fold_in(key, i), x.shape)
            return jax.lax.fori_loop(0, 4, body, x)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_keys_split_before_a_fori_loop_and_indexed_per_iteration_are_clean(tmp_path):
    main = """
        import jax

        def run(x, key):
            keys = jax.random.split(key, 4)
            def body(i, x):
                return x + jax.random.normal(keys[i], x.shape)
            return jax.lax.fori_loop(0, 4, body, x)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


PARTIAL_BODIES = """
    from functools import partial
    import jax

    def step(i, x, key):
        return x + jax.random.normal(key, x.shape)

    def indexed(i, x, keys):
        return x + jax.random.normal(keys[i], x.shape)

    def folded(i, x, key):
        return x + jax.random.normal(jax.random.fold_in(key, i), x.shape)
"""


def test_a_key_a_partial_binds_to_a_fori_loop_body_is_the_same_on_every_iteration(tmp_path):
    main = PARTIAL_BODIES + """
    def run(x, key):
        body = partial(step, key=key)
        return jax.lax.fori_loop(0, 4, body, x)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 5, "JAX503")]


def test_keys_a_partial_binds_indexed_or_folded_with_the_loop_index_are_clean(tmp_path):
    main = PARTIAL_BODIES + """
    def run(x, key):
        keys = jax.random.split(key, 4)
        x = jax.lax.fori_loop(0, 4, partial(indexed, keys=keys), x)
        body = partial(folded, key=key)
        return jax.lax.fori_loop(0, 4, body, x)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_carried_key_handed_to_an_unknown_kernel_and_back_unchanged_repeats_each_step(tmp_path):
    # blackjax-style serial steps: `kernel.kernel` is a method of an unannotated parameter
    main = """
        import jax

        def body(kernel, carry, _):
            key, x = carry
            x = kernel.kernel(key, x)
            return (key, x), x

        def sample(kernel, key, x, n):
            return jax.lax.scan(jax.tree_util.Partial(body, kernel), (key, x), length=n)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 5, "JAX503")]


def test_a_carried_key_split_before_an_unknown_kernel_is_clean(tmp_path):
    main = """
        import jax

        def body(kernel, carry, _):
            key, x = carry
            key, sub = jax.random.split(key)
            x = kernel.kernel(sub, x)
            return (key, x), x

        def sample(kernel, key, x, n):
            return jax.lax.scan(jax.tree_util.Partial(body, kernel), (key, x), length=n)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


# -- the beliefs, measured on jax (bench/measure_mapped_keys.py prints the same) ---------------


def test_jax_a_key_unmapped_by_vmap_gives_every_element_the_same_numbers():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def noisy(x, key):
        return x + jax.random.normal(key, x.shape)

    rows = jax.vmap(noisy, in_axes=(0, None))(jnp.zeros((4, 3)), jax.random.key(0))
    assert all(bool(jnp.array_equal(rows[0], row)) for row in rows[1:])
    split = jax.vmap(noisy)(jnp.zeros((4, 3)), jax.random.split(jax.random.key(0), 4))
    assert not bool(jnp.array_equal(split[0], split[1]))


def test_jax_keys_unmapped_by_an_outer_vmap_repeat_per_batch_element():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def trajectory(h, key):
        return h * jax.random.uniform(key, (4,))

    def trajectories(h, keys):
        return jax.vmap(trajectory, in_axes=(None, 0))(h, keys)

    out = jax.vmap(trajectories, in_axes=(0, None))(jnp.ones(3), jax.random.split(jax.random.key(0), 5))
    assert all(bool(jnp.array_equal(out[0], row)) for row in out[1:])


def test_jax_a_written_seed_in_a_fori_loop_body_draws_the_same_numbers_each_iteration():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def body(i, draws):
        return draws.at[i].set(jax.random.normal(jax.random.PRNGKey(0), (3,)))

    draws = jax.lax.fori_loop(0, 4, body, jnp.zeros((4, 3)))
    assert all(bool(jnp.array_equal(draws[0], row)) for row in draws[1:])


def test_jax_a_key_a_partial_binds_to_a_fori_loop_body_draws_the_same_numbers_each_iteration():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    from functools import partial

    def body(i, draws, key):
        return draws.at[i].set(jax.random.normal(key, (3,)))

    draws = jax.lax.fori_loop(0, 4, partial(body, key=jax.random.key(0)), jnp.zeros((4, 3)))
    assert all(bool(jnp.array_equal(draws[0], row)) for row in draws[1:])
