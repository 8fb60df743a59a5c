"""One key that moves the rows of several aligned arrays through a helper (issue 23): cleanba's
`convert_data(x)`, which permutes its argument with a `subkey` it captures, called on the
observations, actions, advantages and a tree map of the storage, is one shuffle of aligned data,
not a key reused (see ``Summary.rows_of`` and `KeyEvents._aligned_rows`). A key that also draws
numbers, the same array twice, or a helper that permutes something other than its argument stay
reported.

The first test measures on jax what the exemption rests on.
"""

from __future__ import annotations

import pathlib

import pytest

from tests.analysis.test_key_flow import key_findings


def test_one_key_moves_rows_of_equal_length_arrays_alike_on_jax():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    key = jax.random.key(3)
    x = jnp.arange(12.0)
    y = 10 * jnp.arange(24.0).reshape(12, 2)  # row i of y pairs with x[i]
    # permutation of the arrays, of their lengths (an index), and choice without replacement
    assert bool((jax.random.permutation(key, y)[:, 0] == 20 * jax.random.permutation(key, x)).all())
    assert bool((jax.random.permutation(key, len(x)) == jax.random.permutation(key, y.shape[0])).all())
    picked_x = jax.random.choice(key, x, (5,), replace=False)
    picked_y = jax.random.choice(key, y, (5,), replace=False)
    assert bool((picked_y[:, 0] == 20 * picked_x).all())
    # choice with replacement (the default, a bootstrap) picks the same rows too
    boot_x, boot_y = jax.random.choice(key, x, (3, 4)), jax.random.choice(key, y, (3, 4))
    assert bool((boot_y[..., 0] == 20 * boot_x).all())
    # a tree map of a permuting helper moves every leaf's rows as a direct call does
    leaves = jax.tree_util.tree_map(lambda a: jax.random.permutation(key, a), {"x": x, "y": y})
    assert bool((leaves["x"] == jax.random.permutation(key, x)).all())
    # another length is another order: 13 elements do not keep the first 12 paired
    assert not bool((jax.random.permutation(key, jnp.arange(13.0))[:12] == jax.random.permutation(key, x)).all())


def test_helper_capturing_a_key_to_permute_its_argument_keeps_arrays_aligned(tmp_path: pathlib.Path):
    main = """
        import jax

        def update_epoch(key, obs, actions, advantages, storage):
            key, subkey = jax.random.split(key)

            def convert_data(x):
                x = jax.random.permutation(subkey, x)
                return x.reshape((4, -1) + x.shape[1:])

            shuffled_storage = jax.tree_map(convert_data, storage)
            return shuffled_storage, convert_data(obs), convert_data(actions), convert_data(advantages)

        def shuffled_by_index(key, obs, actions):
            def shuffle(x):
                return x[jax.random.permutation(key, len(x))]

            return shuffle(obs), shuffle(actions)

        def key_given(key, obs, actions):
            def shuffle(k, x):
                return jax.random.choice(k, x, (8,), replace=False)

            return shuffle(key, obs), shuffle(key, actions)

        def paired_bootstrap(rng, batch):
            # "we keep them paired by using the same random number generator seed"
            choice_rng, noise_rng = jax.random.split(rng)
            x_0 = jax.random.choice(key=choice_rng, a=batch["x_0"], shape=(4, 8))
            x_1 = jax.random.choice(key=choice_rng, a=batch["x_1"], shape=(4, 8))
            return x_0, x_1, jax.random.normal(noise_rng, x_1.shape)

        def through_a_lambda(key, transitions, targets):
            def preprocess(x, rng):
                return jax.random.permutation(rng, x.reshape(-1, *x.shape[2:]), axis=0)

            minibatches = jax.tree.map(lambda x: preprocess(x, key), transitions)
            return minibatches, jax.random.permutation(key, targets.reshape(-1))
    """
    assert key_findings(tmp_path, {"main.py": main}) == []


def test_row_moving_key_that_also_draws_or_repeats_stays_reported(tmp_path: pathlib.Path):
    main = """
        import jax

        def noise_too(key, obs):
            def convert_data(x):
                return jax.random.permutation(key, x)

            b = convert_data(obs)
            return b, jax.random.normal(key, obs.shape)

        def noisy_helper(key, obs, actions):
            def convert_data(x):
                return x + jax.random.normal(key, x.shape)

            return convert_data(obs), convert_data(actions)

        def same_array(key, obs):
            def convert_data(x):
                return jax.random.permutation(key, x)

            return convert_data(obs), convert_data(obs)

        def not_its_argument(key, obs, actions, data):
            def convert_data(x):
                return jax.random.permutation(key, data) + x

            return convert_data(obs), convert_data(actions)

        def permuted_then_picked(key, obs, actions):
            def shuffle(x):
                return jax.random.permutation(key, x)

            return shuffle(obs), jax.random.choice(key, actions, (4,), replace=False)

        def map_then_noise(key, storage, obs):
            def convert_data(x):
                return jax.random.permutation(key, x)

            shuffled = jax.tree_map(convert_data, storage)
            return shuffled, jax.random.normal(key, obs.shape)

        def bootstrap_then_subsample(key, obs, actions):
            return jax.random.choice(key, obs, (4,)), jax.random.choice(key, actions, (4,), replace=False)
    """
    assert key_findings(tmp_path, {"main.py": main}) == [
        ("main.py", 8, "JAX501"),
        ("main.py", 14, "JAX501"),
        ("main.py", 20, "JAX501"),
        ("main.py", 26, "JAX501"),
        ("main.py", 32, "JAX501"),
        ("main.py", 39, "JAX501"),
        ("main.py", 42, "JAX501"),
    ]
