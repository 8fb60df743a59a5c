"""Where a key comes from, as the analysis follows it: a host clock read by a traced body, a
seed default left out by a loop carrying state, and keys an object holds judged by who advances
them (bench/measure_host_seed_keys.py and bench/measure_stored_keys.py hold the measurements on
jax 0.10.2)."""

from __future__ import annotations

import textwrap

import pytest
from test_key_flow import key_findings


def test_a_key_made_from_a_host_clock_in_a_mapped_body_is_reported_at_its_constructor(tmp_path):
    main = """
        import time
        import jax

        def path(y0):
            key = jax.random.PRNGKey(int(time.time()))
            return y0 + jax.random.normal(key, y0.shape)

        def paths(y0s):
            return jax.vmap(path)(y0s)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 5, "JAX503")]


def test_a_key_made_from_a_host_clock_in_a_scan_body_is_reported(tmp_path):
    main = """
        import time
        import jax

        def body(carry, _):
            key = jax.random.PRNGKey(time.time_ns())
            return carry, jax.random.normal(key, (3,))

        def run():
            return jax.lax.scan(body, 0.0, None, length=3)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 5, "JAX503")]


def test_a_host_clock_read_on_each_pass_of_a_host_loop_is_another_seed_each_time(tmp_path):
    main = """
        import time
        import jax

        def run(n):
            out = []
            for _ in range(n):
                key = jax.random.PRNGKey(time.time_ns())
                out.append(jax.random.normal(key, (3,)))
            return out
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


STEP = """
    import jax

    class Scheduler:
        def step(self, state, out, t, sample, eta=0.0, seed=0):
            if eta > 0:
                key = jax.random.PRNGKey(seed)
                sample = sample + jax.random.normal(key, sample.shape)
            return sample, state
"""


def test_a_seed_default_left_out_by_a_loop_carrying_state_through_the_call_is_reported(tmp_path):
    main = """
        from steps import Scheduler

        def denoise(latents, timesteps):
            scheduler, state = Scheduler(), None
            for t in timesteps:
                latents, state = scheduler.step(state, None, t, latents, eta=1.0)
            return latents
    """
    assert key_findings(tmp_path, {"steps.py": STEP, "main.py": main}) == [("steps.py", 6, "JAX502")]


def test_a_seed_default_left_out_by_a_loop_comparing_settings_is_not_reported(tmp_path):
    main = """
        from steps import Scheduler

        def compare(sample, timesteps):
            scheduler = Scheduler()
            return [scheduler.step(None, None, t, sample, eta=1.0)[0] for t in timesteps]
    """
    assert key_findings(tmp_path, {"steps.py": STEP, "main.py": main}) == []


def test_keys_an_object_holds_are_judged_by_who_advances_them(tmp_path):
    source = """
        import jax

        class Stream:
            def __init__(self, seed):
                self.key = jax.random.PRNGKey(seed)

            def next_key(self):
                self.key, sub = jax.random.split(self.key)
                return sub

            def batch(self, n):
                return jax.random.split(self.key, n)  # left spent: the next key repeats one of these

        class Fixed:
            def __init__(self, seed):
                self.key = jax.random.PRNGKey(seed)

            def sample(self, shape):
                return jax.random.normal(self.key, shape)  # nothing advances it
    """
    assert key_findings(tmp_path, {"streams.py": source}) == [("streams.py", 12, "JAX504"), ("streams.py", 19, "JAX502")]


SCORE_MATCH = """
    import jax
    import jax.numpy as jnp

    def score_match(x, t, key):
        seed = jax.random.uniform(key, shape=()) + t
        seed = jnp.linalg.norm(seed)
        key = jax.random.PRNGKey((seed * 1e8).astype(int))
        y = jax.random.normal(key, shape=x.shape)
        return x + y
"""


def test_a_key_made_from_a_seed_every_element_shares_is_one_key_for_all(tmp_path):
    main = SCORE_MATCH + """
    def loss(xs, t, key):
        return jax.vmap(score_match, (0, None, None))(xs, t, key)
    """
    found = key_findings(tmp_path, {"main.py": main})
    # at the constructor (and the draw of the unmapped key itself, at the mapping)
    assert ("main.py", 7, "JAX503") in found
    assert ("main.py", 7, "JAX502") not in found  # derived from the caller's key, not a constant


def test_a_key_made_from_a_seed_that_reads_the_mapped_element_differs_per_element(tmp_path):
    main = """
        import jax
        import jax.numpy as jnp

        def perturb(x, t, key):
            seed = jnp.sum(x) + t + jax.random.uniform(key, shape=())
            key = jax.random.PRNGKey((seed * 1e8).astype(int))
            return x + jax.random.normal(key, shape=x.shape)

        def loss(xs, t, key):
            return jax.vmap(perturb, (0, None, None))(xs, t, key)
    """
    # only the unmapped key's own draw, at the mapping
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 10, "JAX503")]


def test_a_key_made_from_a_seed_computed_from_the_callers_key_is_no_overwrite(tmp_path):
    main = SCORE_MATCH + """
    def run(x, key):
        return score_match(x, 0.5, key)
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_measured_seeds_from_shared_values_repeat_and_derived_keys_follow_the_callers_key():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    namespace: dict = {"jax": jax, "jnp": jnp}
    exec(textwrap.dedent(SCORE_MATCH), namespace)
    score_match = namespace["score_match"]
    xs = jnp.zeros((4, 3))
    rows = jax.vmap(score_match, (0, None, None))(xs, jnp.array(0.3), jax.random.PRNGKey(0))
    assert bool(jnp.all(rows == rows[0]))  # one key for every element
    one = score_match(xs[0], jnp.array(0.3), jax.random.PRNGKey(0))
    other = score_match(xs[0], jnp.array(0.3), jax.random.PRNGKey(1))
    assert not bool(jnp.array_equal(one, other))  # the caller's key still decides the draw
