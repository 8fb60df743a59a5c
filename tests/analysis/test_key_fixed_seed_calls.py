"""A function that draws from a key it makes from a written seed, called on every pass of a host
loop whose passes run the very same call (``KeyEvents._note_fixed_seed_drawn_by``): every pass
draws the same numbers, reported at the constructor.

Measured on jax 0.10.2 (case 610): a jitted `normal(PRNGKey(77), (1000,))` called three times
in `[afunction() for _ in range(3)]` returns three equal arrays.
"""

from __future__ import annotations

from tests.analysis.test_key_flow import key_findings


NOISE = """
    import jax


    def background(image, sigma):
        key, subkey = jax.random.split(jax.random.PRNGKey(42))
        return sigma * jax.random.normal(subkey, image.shape)
"""


def test_the_same_call_on_every_pass_of_a_loop_draws_the_same_numbers(tmp_path):
    main = """
        import jax
        import jax.numpy as jnp
        from noise import background


        def realisations(image):
            simulate = jax.jit(lambda m: m + background(m, 0.05))
            return [simulate(image) for _ in range(3)]
    """
    assert key_findings(tmp_path, {"noise.py": NOISE, "main.py": main}) == [("noise.py", 5, "JAX503")]


def test_a_loop_comparing_settings_with_one_seed_is_clean(tmp_path):
    main = """
        from noise import background


        def sweep(image, sigmas):
            return [background(image, sigma) for sigma in sigmas]
    """
    assert key_findings(tmp_path, {"noise.py": NOISE, "main.py": main}) == []


def test_a_call_given_a_new_key_on_each_pass_is_another_call(tmp_path):
    main = """
        import jax


        def noisy(x, key):
            base = jax.random.normal(jax.random.PRNGKey(0), x.shape)
            return x + base * jax.random.uniform(key, ())


        def run(x, rng):
            out = []
            for _ in range(3):
                rng, sub = jax.random.split(rng)
                out.append(noisy(x, sub))
            return out
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_timing_loop_that_drops_the_results_is_clean(tmp_path):
    main = """
        import jax


        @jax.jit
        def afunction():
            return jax.random.normal(jax.random.PRNGKey(77), (1000,))


        def benchmark():
            for _ in range(10):
                afunction().block_until_ready()
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_a_loop_keeping_the_results_of_the_same_call_is_reported(tmp_path):
    main = """
        import jax


        @jax.jit
        def afunction():
            return jax.random.normal(jax.random.PRNGKey(77), (1000,))


        def samples():
            zs = []
            for _ in range(3):
                zs.append(afunction())
            return zs
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 6, "JAX503")]


DATA = """
    import jax


    def epoch_permutation(num_examples, epoch):
        key = jax.random.key(42)
        return jax.random.permutation(key, num_examples)


    def epoch_order(data, epoch):
        return data[epoch_permutation(data.shape[0], epoch)]


    def seeded_order(data, epoch):
        return data[jax.random.permutation(jax.random.fold_in(jax.random.key(42), epoch), data.shape[0])]
"""


def test_a_loop_value_that_reaches_only_ignored_parameters_makes_the_same_call(tmp_path):
    main = """
        from data import epoch_order


        def run(data):
            return [epoch_order(data, epoch) for epoch in range(3)]
    """
    assert key_findings(tmp_path, {"data.py": DATA, "main.py": main}) == [("data.py", 5, "JAX503")]


def test_a_loop_value_the_callee_reads_makes_another_call(tmp_path):
    main = """
        from data import seeded_order


        def run(data):
            return [seeded_order(data, epoch) for epoch in range(3)]
    """
    assert key_findings(tmp_path, {"data.py": DATA, "main.py": main}) == []


def test_a_parameter_passed_on_in_a_loop_to_an_ignoring_helper_stays_inert(tmp_path):
    main = DATA + """

    def orders(data, epoch):
        out = []
        for size in (2, 3):  # passes that differ: not one call repeated
            out.append(epoch_permutation(size, epoch))
        return out


    def run(data):
        return [orders(data, epoch) for epoch in range(3)]
    """
    assert key_findings(tmp_path, {"main.py": main}) == [("main.py", 5, "JAX503")]
